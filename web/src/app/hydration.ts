/** The id of the `<script type="application/json">` carrying the loaders' data into hydration. */
export const HYDRATION_DATA_ID = '__rr_data'

/**
 * JSON safe inside a `<script>` data block: `<` (so `</script>` cannot end it) and the two line
 * separators JavaScript once treated as newlines are escaped.
 */
export const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
