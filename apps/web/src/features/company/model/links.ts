/**
 * Links the company pages show. A company website or a video may be stored as a path on this site
 * (the platform's own company links `/`, the shipped clips `/videos/...`): shown and used as a full
 * address of this origin, never as a bare "/".
 */
export function absoluteUrl(value: string, origin: string): string {
  if (!value) return '';
  try {
    const url = new URL(value, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : '';
  } catch {
    return '';
  }
}

/** The poster the render script writes beside a shipped clip (`x.webm` -> `x.jpg`); none for other links. */
export function posterFor(videoUrl: string): string | undefined {
  return /^\/videos\/[\w-]+\.webm$/.test(videoUrl) ? videoUrl.replace(/\.webm$/, '.jpg') : undefined;
}

/** The source type a player needs to pick a file it can play, from the file's extension. */
export function videoType(videoUrl: string): string | undefined {
  const ext = /\.(\w+)(?:[?#].*)?$/.exec(videoUrl)?.[1]?.toLowerCase();
  return ext === 'webm' ? 'video/webm' : ext === 'mp4' || ext === 'm4v' ? 'video/mp4' : ext === 'ogv' ? 'video/ogg' : undefined;
}
