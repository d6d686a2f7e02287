import { LANG_BCP47, type Lang } from '@tp/contracts';
import type { Page } from '@playwright/test';

/*
 * What a person reading a screen would call broken, measured on the screen as it stands: a raw
 * translation key, a cut label, a time in the wrong zone, numbers in two formats. One call of
 * `inspectScreen` reads the page once (a single page.evaluate); `numberStyles` sorts the numbers
 * of the text it returns. The journeys that walk screens share these (formats.spec.ts,
 * every-route.spec.ts).
 */

/** What editors wrote (news titles, summaries and articles): it carries its own numbers and its own truncation. */
export const EDITORIAL = '.tp-news-title, .tp-news-desc, .tp-news-heading, [data-testid="news-body"]';

/**
 * The numbers of a text by the decimal mark they show: `dot` for "1,234.56" / "0.01", `comma` for
 * "1.234,56" / "0,01". Dates, times and e-mail addresses are taken out first; "1.234" or "1,234"
 * alone could be either and count as neither.
 */
export function numberStyles(text: string): { dot: string[]; comma: string[] } {
  const cleaned = text
    .replace(/\S+@\S+/g, ' ')
    .replace(/\d{1,4}\u200f?[./-]\d{1,2}\u200f?[./-]\d{1,4}/g, ' ')
    .replace(/\d{1,2}:\d{2}(?::\d{2})?/g, ' ');
  const dot: string[] = [];
  const comma: string[] = [];
  for (const token of cleaned.match(/\d+(?:[.,]\d+)+/g) ?? []) {
    const marks = token.replace(/\d/g, '');
    const last = marks.at(-1)!;
    const tail = token.slice(token.lastIndexOf(last) + 1);
    if (marks.includes('.') && marks.includes(',')) (last === '.' ? dot : comma).push(token);
    else if (marks.length === 1 && tail.length !== 3) (last === '.' ? dot : comma).push(token);
  }
  return { dot, comma };
}

/** The decimal mark of an interface language as the app writes numbers (its BCP 47 tag with Latin digits, lib/format.ts). */
export function decimalMark(lang: Lang): '.' | ',' {
  const mark = new Intl.NumberFormat(`${LANG_BCP47[lang]}-u-nu-latn`).formatToParts(1234.5).find((p) => p.type === 'decimal')?.value;
  return mark === ',' ? ',' : '.';
}

/** Numbers of `text` written in another format than the language's ("112,765.26" in German), and digits of another script. */
export function foreignNumbers(text: string, lang: Lang): string[] {
  const { dot, comma } = numberStyles(text);
  const other = decimalMark(lang) === ',' ? dot : comma;
  // The app writes Latin digits in every language (lib/format.ts): Arabic-Indic digits beside them are a second format.
  const otherDigits = text.match(/[\u0660-\u0669\u06f0-\u06f9]+(?:[.,\u066b\u066c][\u0660-\u0669\u06f0-\u06f9]+)*/g) ?? [];
  return [...other, ...otherDigits];
}

export interface InspectOptions {
  /** Top-level sections of the web app's translations ("public", "nav", "mining" ...): `section.key` shown as text is a raw key. */
  sections: string[];
  /** The zone of the chart's axis (spec section 9); only the chart may show a time in it. */
  chartZone: string;
  /** The Intl locale dates are written in (lib/datetime.ts dateLocale). */
  dateLocale: string;
  /** Documents: a time standing alone in one names its zone (decisions.md "Times on screens"). */
  documents: string;
  /** The chart and its zone label: left out of the zone check. */
  chart: string;
  editorial: string;
}

export interface ScreenFindings {
  rawKeys: string[];
  cutLabels: string[];
  times: string[];
  /** The visible text without what editors wrote, for the number check. */
  text: string;
}

/**
 * Runs in the page. Each kind of finding:
 *
 * - raw key: visible text (or a visible field's placeholder) holding `section.key` of a known
 *   section, `ns:key`, or an unfilled `{{value}}`.
 * - cut label: an element that hides what overflows it sideways (overflow hidden or clip, or
 *   text-overflow ellipsis) while its content is wider than its box by more than a pixel: the
 *   reader sees "Contrac..." or half a word. The rule is about one line that does not fit: text
 *   that wraps onto more lines is never flagged (a long explanation may wrap), and neither is
 *   text that scrolls (overflow auto, a tab strip that swipes). Left out, because their ellipsis is
 *   chosen on purpose and the whole value is one tap away: what editors wrote (news titles and
 *   summaries), a user's own long value that is one unbroken run (an e-mail address, a wallet
 *   address, a hash) or whose element holds it whole in a `title` attribute, and parts that are not text
 *   (a chart canvas, a swiper's track, an image).
 * - time: every <time datetime> of the screen shows the device's hour and minute and day (the
 *   browser's zone), a zone named beside it is the device's, and a time with its clock inside a
 *   document names its zone; outside the chart no text shows the chart's zone (GMT+7).
 */
export function inspectInPage(o: InspectOptions): ScreenFindings {
  const shown = (el: Element): boolean => (el as HTMLElement).checkVisibility?.({ opacityProperty: true, visibilityProperty: true } as CheckVisibilityOptions) ?? el.getClientRects().length > 0;
  const describe = (el: Element): string => {
    const id = el.closest('[data-testid]')?.getAttribute('data-testid');
    const cls = (el.getAttribute('class') ?? '').split(/\s+/).filter(Boolean).slice(0, 2).join('.');
    return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${id ? ` in [data-testid=${id}]` : ''}`;
  };

  // The visible text, without what editors wrote.
  let text = document.body.innerText;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(o.editorial))) {
    const own = el.innerText.trim();
    if (own) text = text.split(own).join(' ');
  }
  const placeholders = Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder], textarea[placeholder]'))
    .filter(shown)
    .map((el) => el.placeholder);

  const rawKeys: string[] = [];
  const sections = o.sections.map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const keyPattern = new RegExp(`(?:^|[^\\w.@/-])((?:${sections})[.:][A-Za-z0-9_]+(?:\\.[A-Za-z0-9_]+)*)(?![\\w@/-])`, 'g');
  for (const source of [text, ...placeholders]) {
    for (const m of source.matchAll(keyPattern)) rawKeys.push(m[1]!);
    for (const m of source.matchAll(/\{\{[^}]*\}\}/g)) rawKeys.push(m[0]);
  }

  const cutLabels: string[] = [];
  for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
    if (el.scrollWidth <= el.clientWidth + 1 || el.clientWidth === 0) continue;
    const style = getComputedStyle(el);
    const hides = style.textOverflow === 'ellipsis' || style.overflowX === 'hidden' || style.overflowX === 'clip';
    if (!hides) continue;
    const own = el.innerText?.trim() ?? '';
    if (!own || !shown(el)) continue;
    if (el.closest(o.editorial) || el.querySelector(o.editorial)) continue;
    if (el.querySelector('canvas, video, iframe, img') || el.closest('.adm-swiper, canvas')) continue;
    if (el.closest('[title]')?.getAttribute('title')?.trim() === own) continue;
    if (/^\S+@\S+$/.test(own) || /^[A-Za-z0-9]{26,}$/.test(own)) continue;
    // Text on more than one line wraps rather than being cut; what sticks out sideways is a part laid
    // out beside it (a positioned badge, a sliding panel), measured by its own element.
    const px = (css: string) => Number(css.replace(/px$/, '')); // NaN for 'normal'
    const lines = Math.round(el.getBoundingClientRect().height / (px(style.lineHeight) || px(style.fontSize) * 1.2 || 16));
    if (style.whiteSpace !== 'nowrap' && style.textOverflow !== 'ellipsis' && lines > 1) continue;
    // A box that holds only other boxes is not a label: the clipped text is found on its child.
    const hasOwnText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
    const onlyInlineChildren = Array.from(el.children).every((c) => getComputedStyle(c).display.startsWith('inline') || c.tagName === 'BDI' || c.tagName === 'SPAN');
    if (!hasOwnText && !onlyInlineChildren) continue;
    cutLabels.push(`"${own.replace(/\s+/g, ' ').slice(0, 60)}" ${describe(el)} (${el.scrollWidth} > ${el.clientWidth} px)`);
  }

  const times: string[] = [];
  const clockIn = (ms: number, timeZone?: string) => new Intl.DateTimeFormat('en', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);
  const dayIn = (ms: number, timeZone?: string) => new Intl.DateTimeFormat('en', { timeZone, day: 'numeric' }).format(ms);
  const zoneOf = (ms: number, timeZone?: string) =>
    new Intl.DateTimeFormat(o.dateLocale, { timeZone, timeZoneName: 'shortOffset' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? '';
  for (const el of Array.from(document.querySelectorAll<HTMLTimeElement>('time[datetime]'))) {
    if (!shown(el) || el.closest(o.chart)) continue;
    const ms = Date.parse(el.dateTime);
    const said = (el.textContent ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '');
    const where = `${describe(el)} "${said}" (${el.dateTime})`;
    if (Number.isNaN(ms)) {
      times.push(`${where}: unreadable datetime`);
      continue;
    }
    const hasClock = /\d{1,2}:\d{2}/.test(said);
    if (hasClock && !said.includes(clockIn(ms))) times.push(`${where}: not the device's time ${clockIn(ms)}`);
    if (/\d/.test(said) && !new RegExp(`(^|\\D)0?${dayIn(ms)}(\\D|$)`).test(said)) times.push(`${where}: not the device's day ${dayIn(ms)}`);
    const zone = el.querySelector('.tp-zone')?.textContent?.trim();
    if (zone !== undefined && zone !== zoneOf(ms)) times.push(`${where}: names the zone ${zone}, not the device's ${zoneOf(ms)}`);
    if (hasClock && zone === undefined && el.closest(o.documents)) times.push(`${where}: a time standing alone in a document without its zone`);
  }
  // The chart's zone written anywhere but on the chart: a time pinned to GMT+7 rather than the device's.
  const chartLabel = zoneOf(Date.now(), o.chartZone);
  let outsideChart = text;
  for (const el of Array.from(document.querySelectorAll<HTMLElement>(o.chart))) {
    const own = el.innerText.trim();
    if (own) outsideChart = outsideChart.split(own).join(' ');
  }
  const pinned = [chartLabel, 'GMT+7', 'UTC+7', 'GMT+07', 'UTC+07', '+07:00'].filter((s) => s && outsideChart.includes(s));
  if (pinned.length > 0) times.push(`the chart's zone shown outside the chart: ${[...new Set(pinned)].join(', ')}`);

  return { rawKeys, cutLabels, times, text };
}

export async function inspectScreen(page: Page, options: InspectOptions): Promise<ScreenFindings> {
  return page.evaluate(inspectInPage, options);
}
