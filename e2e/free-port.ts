import { execFileSync } from 'node:child_process';

/**
 * A port nobody listens on now, chosen by the OS (random picks collided with other listeners in
 * CI). Synchronous, so the Playwright config can use it while it loads.
 */
export function freePort(): number {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close();});";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
