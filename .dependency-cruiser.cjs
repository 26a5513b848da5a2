/**
 * The rules of the code's layout, checked by `npm run deps` (part of `npm test`): no import cycle
 * between files or between capabilities (a folder of apps/server/src or apps/web/src/features; type
 * imports count), shared packages never reach into the apps, the web app's components and lib never
 * import a feature, a server capability reaches another only through its service. Any break fails.
 */
const capability = '^(apps/server/src|apps/web/src/features|packages/engine/src)/[^/]+';

module.exports = {
  forbidden: [
    {
      name: 'no-file-cycles',
      comment: 'A module never depends on itself through others.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-capability-cycles',
      comment: 'Capabilities depend on each other one way only.',
      severity: 'error',
      scope: 'folder',
      from: { path: capability },
      to: { path: capability, circular: true },
    },
    {
      name: 'packages-below-apps',
      comment: 'Shared packages never reach into the applications.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'components-below-features',
      comment: "The web app's shared components never import a feature.",
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'capabilities-through-services',
      comment: "A server capability reaches another only through that capability's service.",
      severity: 'error',
      from: { path: '^apps/server/src/([^/]+)/' },
      to: {
        path: '^apps/server/src/[^/]+/',
        pathNot: [
          '^apps/server/src/$1/',
          '^apps/server/src/(db|http|outbound|mail)/',
          '^apps/server/src/[^/]+/service\\.ts$',
          '^apps/server/src/auth/guard\\.ts$',
        ],
      },
    },
  ],
  options: {
    babelConfig: { fileName: '.dependency-cruiser.babel.cjs' },
    doNotFollow: { path: 'node_modules' },
    // the workspace packages' `exports` point at TypeScript sources: resolve them to those files
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      extensions: ['.ts', '.tsx', '.js'],
    },
    exclude: { path: '(\\.test\\.tsx?$|/test/|/dist/)' },
  },
};
