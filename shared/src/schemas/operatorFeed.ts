import { z } from './zod'

/**
 * The operator's calendar feed (a private `.ics` subscription URL): the file name of the feed URL
 * and what the dashboard and the reserved area read about it. The API: docs/api.md "Operator
 * calendar feed".
 */

/** 32 random bytes, base64url without padding: 43 characters (256 bits). */
export const OPERATOR_FEED_TOKEN_LENGTH = 43

/**
 * `<token>.ics`, the last segment of `/api/operators/feed/<token>.ics`. Anything else is not a feed:
 * the endpoint answers 404, never this schema's message (so it has none).
 */
export const operatorFeedFile = z
  .string()
  .regex(new RegExp(`^[A-Za-z0-9_-]{${OPERATOR_FEED_TOKEN_LENGTH}}\\.ics$`))
  .transform((file) => file.slice(0, -'.ics'.length))

/** A feed as its owner sees it. The URL only in the answer that creates it (only a hash is stored). */
export interface OperatorFeedStatus {
  /** The operator record it belongs to. */
  operator: { id: number; name: string }
  active: boolean
  /** When the current link was first turned on (ISO), or null. */
  createdAt: string | null
  /** When the current link was made (turned on or replaced; ISO), or null. */
  rotatedAt: string | null
}

/** `POST /api/operators/:id/feed`: the new link, once. */
export interface OperatorFeedCreated extends OperatorFeedStatus {
  active: true
  /** `https://…/api/operators/feed/<token>.ics` */
  url: string
  /** The same as `webcal://…`, which phones open straight in their calendar app. */
  webcalUrl: string
}

/** `webcal://host/path` of an `http(s)://` feed URL (what iOS and Android calendar apps subscribe to on a tap). */
export const webcalUrlOf = (url: string) => url.replace(/^https?:\/\//i, 'webcal://')
