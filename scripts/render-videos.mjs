// Renders the two short clips the video page ships with (settings video_url_1 and video_url_2 point
// at them): apps/web/public/videos/<name>.webm plus a poster <name>.jpg.
//
//   node scripts/render-videos.mjs
//
// There is no ffmpeg on the project's machines, so the clips are drawn on a canvas in the same
// Chromium the browser tests use and recorded with MediaRecorder (VP8 in WebM). The clips carry no
// words: they are the same in all 18 languages. MediaRecorder leaves the duration out of the file
// (it streams), which makes players show no length and refuse to seek; withDuration() writes it in.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { CHROMIUM_ARGS, ensureChromium } from './chromium.mjs';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '..', 'apps', 'web', 'public', 'videos');
const CLIPS = [
  { name: 'market-basics', scene: 'candles', seconds: 5 },
  { name: 'placing-an-order', scene: 'order', seconds: 5 },
];
const WIDTH = 320;
const HEIGHT = 180;
// Low bitrate: flat colours compress well, and each file must stay well under 300 KB.
const BITS_PER_SECOND = 180_000;

/** Drawn and recorded inside the page; returns the webm and a poster as base64. */
async function renderInPage({ scene, seconds, width, height, bitsPerSecond }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  document.body.appendChild(canvas);
  const g = canvas.getContext('2d');
  const up = '#0ecb81';
  const down = '#f6465d';
  // A fixed pseudo-random walk, so every render draws the same market.
  let seed = 7;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const candles = [];
  let last = 100;
  for (let i = 0; i < 24; i++) {
    const open = last;
    const close = open + (rnd() - 0.45) * 6;
    candles.push({ open, close, high: Math.max(open, close) + rnd() * 3, low: Math.min(open, close) - rnd() * 3 });
    last = close;
  }
  const lo = Math.min(...candles.map((c) => c.low)) - 2;
  const hi = Math.max(...candles.map((c) => c.high)) + 2;
  const y = (v) => 16 + ((hi - v) / (hi - lo)) * (height - 40);

  function background() {
    g.fillStyle = '#0b0e11';
    g.fillRect(0, 0, width, height);
    g.strokeStyle = '#1e2329';
    g.lineWidth = 1;
    for (let row = 1; row < 5; row++) {
      g.beginPath();
      g.moveTo(0, (row * height) / 5);
      g.lineTo(width, (row * height) / 5);
      g.stroke();
    }
  }

  function drawCandles(progress) {
    const shown = Math.max(1, Math.ceil(progress * candles.length));
    const step = width / candles.length;
    candles.slice(0, shown).forEach((c, i) => {
      const x = i * step + step / 2;
      g.strokeStyle = g.fillStyle = c.close >= c.open ? up : down;
      g.beginPath();
      g.moveTo(x, y(c.high));
      g.lineTo(x, y(c.low));
      g.stroke();
      const top = y(Math.max(c.open, c.close));
      g.fillRect(x - step * 0.3, top, step * 0.6, Math.max(2, y(Math.min(c.open, c.close)) - top));
    });
    const price = candles[shown - 1].close;
    g.setLineDash([4, 4]);
    g.strokeStyle = '#f0b90b';
    g.beginPath();
    g.moveTo(0, y(price));
    g.lineTo(width, y(price));
    g.stroke();
    g.setLineDash([]);
  }

  function drawOrder(progress) {
    // An area chart rises; the buy button (top right, clear of a player's controls) is pressed, then
    // a position marker rides the line.
    const points = candles.map((c, i) => [(i / (candles.length - 1)) * width, y(c.close)]);
    const shown = Math.max(2, Math.ceil(progress * points.length));
    const grad = g.createLinearGradient(0, 0, 0, height);
    grad.addColorStop(0, 'rgba(14,203,129,0.45)');
    grad.addColorStop(1, 'rgba(14,203,129,0)');
    g.beginPath();
    g.moveTo(points[0][0], height);
    points.slice(0, shown).forEach(([px, py]) => g.lineTo(px, py));
    g.lineTo(points[shown - 1][0], height);
    g.closePath();
    g.fillStyle = grad;
    g.fill();
    g.beginPath();
    points.slice(0, shown).forEach(([px, py], i) => (i ? g.lineTo(px, py) : g.moveTo(px, py)));
    g.strokeStyle = up;
    g.lineWidth = 2;
    g.stroke();
    g.lineWidth = 1;
    const pressed = progress > 0.3 && progress < 0.4;
    const entry = points[Math.floor(0.35 * (points.length - 1))];
    g.fillStyle = pressed ? '#0a9e64' : up;
    g.fillRect(width - 92, 10, 40, 24);
    g.fillStyle = down;
    g.fillRect(width - 46, 10, 40, 24);
    g.fillStyle = '#fff';
    // arrows instead of words: up on the buy button, down on the sell button
    g.beginPath();
    g.moveTo(width - 72, 15);
    g.lineTo(width - 80, 28);
    g.lineTo(width - 64, 28);
    g.fill();
    g.beginPath();
    g.moveTo(width - 26, 28);
    g.lineTo(width - 34, 15);
    g.lineTo(width - 18, 15);
    g.fill();
    if (progress >= 0.35) {
      g.strokeStyle = '#f0b90b';
      g.setLineDash([4, 4]);
      g.beginPath();
      g.moveTo(0, entry[1]);
      g.lineTo(width, entry[1]);
      g.stroke();
      g.setLineDash([]);
      g.fillStyle = '#f0b90b';
      g.beginPath();
      g.arc(entry[0], entry[1], 5, 0, Math.PI * 2);
      g.fill();
    }
  }

  function frame(progress) {
    background();
    if (scene === 'candles') drawCandles(progress);
    else drawOrder(progress);
    // a progress bar: the clip visibly moves even where the chart holds still
    g.fillStyle = '#f0b90b';
    g.fillRect(0, height - 3, width * progress, 3);
  }

  frame(0.9);
  const poster = canvas.toDataURL('image/jpeg', 0.8).split(',')[1];

  const stream = canvas.captureStream(24);
  const recorder = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: bitsPerSecond });
  const chunks = [];
  recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
  const stopped = new Promise((resolve) => (recorder.onstop = resolve));
  recorder.start();
  const started = performance.now();
  await new Promise((resolve) => {
    const tick = () => {
      const progress = Math.min(1, (performance.now() - started) / (seconds * 1000));
      frame(progress);
      if (progress < 1) requestAnimationFrame(tick);
      else setTimeout(resolve, 100);
    };
    tick();
  });
  recorder.stop();
  await stopped;
  const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return { webm: btoa(binary), poster, ms: performance.now() - started };
}

// --- EBML: add Segment > Info > Duration -------------------------------------------------------

function readVint(buf, pos) {
  const first = buf[pos];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + buf[pos + i];
  return { length, value };
}

function readId(buf, pos) {
  const { length } = readVint(buf, pos);
  let id = 0;
  for (let i = 0; i < length; i++) id = id * 256 + buf[pos + i];
  return { length, id };
}

/** A size written in 8 bytes, so the element's own header keeps a fixed length. */
function size8(value) {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(value, 2, 6);
  return out;
}

export function withDuration(file, durationMs) {
  const SEGMENT = 0x18538067;
  const INFO = 0x1549a966;
  let pos = 0;
  // EBML header, then the Segment (its size is "unknown" in a recording: nothing to fix there)
  while (pos < file.length) {
    const id = readId(file, pos);
    const size = readVint(file, pos + id.length);
    const body = pos + id.length + size.length;
    if (id.id === SEGMENT) {
      let p = body;
      while (p < file.length) {
        const cid = readId(file, p);
        const csize = readVint(file, p + cid.length);
        const cbody = p + cid.length + csize.length;
        if (cid.id === INFO) {
          const info = file.subarray(cbody, cbody + csize.value);
          const duration = Buffer.alloc(11);
          duration.writeUInt16BE(0x4489, 0); // Duration, float64, in TimecodeScale units (1 ms)
          duration[2] = 0x88;
          duration.writeDoubleBE(durationMs, 3);
          const header = Buffer.concat([file.subarray(p, p + cid.length), size8(info.length + duration.length)]);
          return Buffer.concat([file.subarray(0, p), header, info, duration, file.subarray(cbody + csize.value)]);
        }
        p = cbody + csize.value;
      }
    }
    pos = body + size.value;
  }
  throw new Error('no Segment Info in the recording');
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS });
  try {
    for (const clip of CLIPS) {
      const page = await browser.newPage();
      const result = await page.evaluate(renderInPage, { scene: clip.scene, seconds: clip.seconds, width: WIDTH, height: HEIGHT, bitsPerSecond: BITS_PER_SECOND });
      await page.close();
      const webm = withDuration(Buffer.from(result.webm, 'base64'), clip.seconds * 1000);
      writeFileSync(join(OUT, `${clip.name}.webm`), webm);
      writeFileSync(join(OUT, `${clip.name}.jpg`), Buffer.from(result.poster, 'base64'));
      console.log(`${clip.name}.webm ${Math.round(webm.length / 1024)} KB (${Math.round(result.ms)} ms recorded)`);
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
