/** CORS for browsers calling cross-origin: any origin, the docs/auth.md headers, and the Webrpc header both ways. */
export const corsHeaders: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Webrpc',
}

export const preflightHeaders: Readonly<Record<string, string>> = {
  ...corsHeaders,
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Allow-Headers': 'Content-Type, X-Access-Key, Authorization, Webrpc',
  'Access-Control-Max-Age': '600',
}
