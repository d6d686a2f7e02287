import { describe, expect, it } from 'vitest';
import { articleHtml } from './article-html';

describe('articleHtml: the body is cleaned again before display', () => {
  it.each([
    ['<p>Hi<script>alert(1)</script></p>', '<p>Hi</p>'],
    ['<p onclick="steal()" style="color:red">x</p>', '<p>x</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/png;base64,AAAA" onerror="x()">', '<img>'],
    ['<img src="//evil.example/a.png">', '<img>'],
    ['<iframe src="https://evil.example"></iframe><p>ok</p>', '<p>ok</p>'],
    ['<style>body{display:none}</style><h2>T</h2>', '<h2>T</h2>'],
    ['<form action="/x"><input name="a"></form>', ''],
    ['<svg><script>alert(1)</script></svg><p>a</p>', '<p>a</p>'],
    ['<a href="https://example.com">x</a>', '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>'],
    ['<p><strong>b</strong> <em>i</em></p><ul><li>a</li></ul>', '<p><strong>b</strong> <em>i</em></p><ul><li>a</li></ul>'],
    ['<img src="/uploads/a.png" alt="chart">', '<img src="/uploads/a.png" alt="chart">'],
  ])('%s -> %s', (input, expected) => {
    expect(articleHtml(input)).toBe(expected);
  });
});
