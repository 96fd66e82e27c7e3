// What the bundle gets for `iceberg-js` (vite.config.ts's alias). supabase-js's Storage client
// imports it for `storage.analytics.from(bucket)`, Storage's analytics buckets (Apache Iceberg
// catalogs), which this app never uses: 1.4 kB of gzip on every portal and admin page's first
// load (decision 0055). Asking for one fails loudly rather than quietly.
export class IcebergRestCatalog {
  constructor() {
    throw new Error('Storage analytics buckets (iceberg-js) are not part of this app: see vite.config.ts')
  }
}
