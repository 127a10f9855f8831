/**
 * Layering rules, checked by `npm run lint` (dependency-cruiser; docs/architecture.md, "Layers").
 *
 * Server: routes → services → repositories → db. A feature (server/src/features/<x>) reaches another
 * feature only through that feature's published interface: its services (`*.service.ts`,
 * `*.services.ts`) or an `index.ts` / `*.types.ts` it keeps for the purpose. Repositories import no
 * services. Web: a feature (web/src/features/<x>) reaches another only through its `index.ts`.
 * No import cycles anywhere (contracts, server, web).
 *
 * Test files (`*.test.ts(x)`) and test kits and helpers (`testing/` folders) are not cruised at
 * all: a test kit may set up another feature's state directly (sign up a user, store a transfer,
 * read a repository), which is what it is for, and the feature-cycle rule counts every import of
 * a folder, so a kit's reach would read as a cycle. Production code never imports test code (a
 * test kit is not bundled), so leaving it out hides nothing the server runs.
 *
 * Where each service is built: server/src/composition.ts, the one composition root.
 * scripts/layering.test.ts runs these rules on the small fixture in scripts/layering-fixture/.
 */

/** Test files, test kits and test helpers. */
const testCode = '(\\.test\\.tsx?$|/testing/)'

/** What a server feature publishes to the others: its services, and interface files kept for it. */
const serverPublished = '^server/src/features/[^/]+/(index|[^/]+\\.services?|[^/]+\\.types)\\.ts$'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'No import cycles: a cycle makes two modules one, and its load order fragile.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-feature-cycles',
      severity: 'error',
      comment:
        'No two features depend on each other, even through different files: one of them is then ' +
        'not a feature of its own. Give the shared part to one side, or pass it in from composition.ts.',
      scope: 'folder',
      from: { path: '^(server|web)/src/features/[^/]+/?$' },
      to: { path: '^(server|web)/src/features/[^/]+/?$', circular: true },
    },
    {
      name: 'no-cross-feature-internals',
      severity: 'error',
      comment:
        "A server feature reaches another only through that feature's services or its published " +
        'interface file (index.ts, *.types.ts); repositories, mappings and helpers stay inside.',
      from: { path: '^server/src/features/([^/]+)/' },
      to: {
        path: '^server/src/features/([^/]+)/',
        pathNot: [serverPublished, '^server/src/features/$1/'],
      },
    },
    {
      name: 'repositories-import-no-services',
      severity: 'error',
      comment: 'A repository reads and writes rows; the rules that use it live in the services above it.',
      from: { path: '\\.repository\\.ts$' },
      to: { path: ['\\.services?\\.ts$', '\\.routes\\.ts$', '(^|/)composition\\.ts$'] },
    },
    {
      name: 'services-import-no-routes',
      severity: 'error',
      comment: 'Routes call services, never the other way round: a service knows nothing of HTTP handlers.',
      from: { path: ['\\.services?\\.ts$', '\\.repository\\.ts$'] },
      to: { path: ['\\.routes\\.ts$', '\\.sockets\\.ts$', '^server/src/app\\.ts$'] },
    },
    {
      name: 'routes-skip-no-layer',
      severity: 'error',
      comment:
        'Route plugins get their services from composition.ts and call them; they do not open ' +
        "repositories (a feature's rules would be skipped) nor build the app's services themselves.",
      from: { path: '\\.(routes|sockets)\\.ts$' },
      to: { path: ['\\.repository\\.ts$', '(^|/)composition\\.ts$'] },
    },
    {
      name: 'db-imports-no-features',
      severity: 'error',
      comment: 'The database layer is the bottom: schema and drivers import no feature code.',
      from: { path: '^server/src/db/' },
      to: { path: '^server/src/features/' },
    },
    {
      name: 'web-features-through-index',
      severity: 'error',
      comment:
        'A web feature uses another feature through its index.ts only (shared code lives in ' +
        'web/src/components and web/src/lib).',
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/([^/]+)/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-app-through-feature-index',
      severity: 'error',
      comment: 'The app shell (routes, layout) uses a feature through its index.ts only.',
      from: { path: '^web/src/(app|components|lib)/' },
      to: { path: '^web/src/features/[^/]+/', pathNot: '^web/src/features/[^/]+/index\\.tsx?$' },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import resolves: one that does not would also escape every rule above.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'cli-through-contracts',
      severity: 'error',
      comment:
        'The command-line client (cli/) is published on its own: it shares the route definitions of ' +
        'contracts, never server or web code (its end-to-end tests, not cruised, start a real server).',
      from: { path: '^cli/' },
      to: { path: '^(server|web)/' },
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'contracts is shared by the server and the web: it imports neither.',
      from: { path: '^contracts/' },
      to: { path: '^(server|web)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Test files and test kits are not cruised (see the top of this file).
    exclude: { path: ['node_modules', '(^|/)dist/', testCode] },
    // Type-only imports count too: a cycle or a reach into another feature's internals is a
    // coupling whether or not it survives compilation.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
}
