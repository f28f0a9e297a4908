import { withPayload } from '@payloadcms/next/withPayload'

/** @type {import('next').NextConfig} */
const nextConfig = {
  // The API only: the public site and the dashboard are separate Vite builds served by server.ts.
  transpilePackages: ['@salon/shared'],
  // Reads its VTIMEZONE files from disk next to its own index.js: load it from node_modules, unbundled.
  serverExternalPackages: ['@touch4it/ical-timezones'],
  poweredByHeader: false,
  // Keep class names in the server bundle: Payload picks an error's log level by its name
  // (ValidationError, NotFound… → info), which minification turns into "a", "d"… — every refused
  // request then logged as an ERROR with a stack.
  experimental: { serverMinification: false },
  typescript: { ignoreBuildErrors: true }, // typechecked separately by `tsc` in npm test
}

export default withPayload(nextConfig, { devBundleServerPackages: false })
