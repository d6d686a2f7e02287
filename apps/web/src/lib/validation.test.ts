import { describe, expect, it } from 'vitest';
import { email } from '@tp/contracts';
import { checkEmail, checkNewPasswords, checkPassword } from './validation';

describe('form checks use the server rules of contracts', () => {
  it('an e-mail the server refuses is refused before the call', () => {
    for (const value of ['a@b.c', 'a b@c.co', 'a@b', 'a@@b.co']) {
      expect(email.safeParse(value).success, value).toBe(false);
      expect(checkEmail(value), value).toBe('auth.email_invalid');
    }
    expect(checkEmail(' User@Example.com ')).toBeNull();
    expect(checkEmail('  ')).toBe('auth.account_required');
  });

  it('a password of 8 to 64 characters passes, others get the rule', () => {
    expect(checkPassword('1234567')).toBe('auth.password_rule');
    expect(checkPassword('12345678')).toBeNull();
    expect(checkPassword('x'.repeat(64))).toBeNull();
    expect(checkPassword('x'.repeat(65))).toBe('auth.password_rule');
  });

  it('new passwords: filled, equal, then the rule', () => {
    expect(checkNewPasswords({ code: '', password: 'abcdefgh', repeat: 'abcdefgh' })).toBe('public.input_full');
    expect(checkNewPasswords({ code: '1', password: 'abcdefgh', repeat: 'abcdefgx' })).toBe('public.password_not_equal');
    expect(checkNewPasswords({ code: '1', password: 'short', repeat: 'short' })).toBe('auth.password_rule');
    expect(checkNewPasswords({ code: '1', password: 'abcdefgh', repeat: 'abcdefgh' })).toBeNull();
  });
});
