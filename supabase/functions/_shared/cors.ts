// What a browser needs to call a function from another origin (on Supabase the functions' origin is
// the project's, not the site's): the headers supabase-js sends, and the preflight's answer.
const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
}

export function withCors(response: Response): Response {
  for (const [name, value] of Object.entries(corsHeaders)) response.headers.set(name, value)
  return response
}
