/**
 * sitemap.xml and robots.txt, answered by server.ts from the route table (shared/src/seo.ts), with
 * absolute URLs under the public origin: PUBLIC_URL when set (recommended in production, so that a
 * forged Host header cannot change what a cache keeps), else SERVER_URL when set, else the
 * request's own origin.
 */
import type http from 'node:http'
import { robotsTxt, sitemapXml } from '@salon/shared'
import { env } from '../env'

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i

export function publicOrigin(req: http.IncomingMessage, https: boolean): string {
  const configured = env.publicUrl
  if (configured) {
    try {
      return new URL(configured).origin
    } catch {
      /* malformed: fall back to the request */
    }
  }
  const host = String(req.headers.host ?? '')
  return `${https ? 'https' : 'http'}://${HOST.test(host) ? host.toLowerCase() : 'localhost'}`
}

export const SEO_FILES: Record<string, { type: string; body: (origin: string) => string }> = {
  '/sitemap.xml': { type: 'application/xml; charset=utf-8', body: (o) => sitemapXml(o) },
  '/robots.txt': { type: 'text/plain; charset=utf-8', body: (o) => robotsTxt(o) },
}

/** Answers GET/HEAD /sitemap.xml or /robots.txt. */
export function serveSeoFile(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  file: (typeof SEO_FILES)[string],
  https: boolean,
) {
  const body = Buffer.from(file.body(publicOrigin(req, https)))
  res.writeHead(200, {
    'Content-Type': file.type,
    'Cache-Control': 'public, max-age=3600',
    'Content-Length': body.length,
  })
  res.end(req.method === 'HEAD' ? undefined : body)
}
