import sharp from 'sharp'

/** Demo pictures drawn from SVG, so the repository carries no binary photos. */
const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * The title's font size: a ninth of the height, smaller for a long title so that it fits in 86 %
 * of the width (DejaVu Sans Bold averages ~0.62 em a character), never cut at the picture's edge.
 */
const titleSize = (title: string, width: number, height: number) =>
  Math.round(Math.min(height / 9, (width * 0.86) / (Math.max(title.length, 1) * 0.62)))

export async function portrait(initials: string, hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},55%,62%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,38%)"/>
  </linearGradient></defs>
  <rect width="800" height="800" fill="url(#g)"/>
  <circle cx="400" cy="310" r="150" fill="rgba(255,255,255,0.85)"/>
  <ellipse cx="400" cy="720" rx="260" ry="210" fill="rgba(255,255,255,0.85)"/>
  <text x="400" y="350" font-family="DejaVu Sans, sans-serif" font-size="120" font-weight="700" text-anchor="middle" fill="hsl(${hue},50%,30%)">${escape(initials)}</text>
</svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}

export async function banner(
  title: string,
  subtitle: string,
  hue: number,
  width = 1600,
  height = 900,
): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.6">
    <stop offset="0" stop-color="hsl(${hue},50%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},55%,55%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.82}" cy="${height * 0.3}" r="${height * 0.35}" fill="rgba(255,255,255,0.12)"/>
  <circle cx="${width * 0.1}" cy="${height * 0.9}" r="${height * 0.25}" fill="rgba(255,255,255,0.10)"/>
  <text x="${width * 0.07}" y="${height * 0.5}" font-family="DejaVu Sans, sans-serif" font-size="${titleSize(title, width, height)}" font-weight="700" fill="#fff">${escape(title)}</text>
  <text x="${width * 0.07}" y="${height * 0.62}" font-family="DejaVu Sans, sans-serif" font-size="${Math.round(height / 20)}" fill="rgba(255,255,255,0.9)">${escape(subtitle)}</text>
</svg>`
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer()
}
