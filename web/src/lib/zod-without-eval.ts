import { z } from 'zod'

// The app's Content-Security-Policy allows no eval (security review M-5). Zod otherwise probes
// `new Function` to compile object parsers, and each probe is a CSP violation in the console.
z.config({ jitless: true })
