// A lint rule for the import boundaries of house-style.md, resolved on paths rather than on the
// text of the import: a feature never imports a sibling feature, packages never import apps, and
// packages/health (the innermost layer) never imports packages/api. Written here because the
// published resolver plugins need native binaries that our package registry does not carry for
// every platform, which leaves a lock file that `npm ci` refuses.
import path from 'node:path';

/** Workspace packages by import name, so `@vitalia/api/...` is checked like a relative path. */
const workspacePackages = {
  '@vitalia/api': 'packages/api',
  '@vitalia/health': 'packages/health',
  '@vitalia/server': 'apps/server',
  '@vitalia/web': 'apps/web',
};

/** The repository-relative path an import points at, or undefined for an npm dependency. */
function importedPath(specifier, importerDir, root) {
  if (specifier.startsWith('.')) return path.relative(root, path.resolve(importerDir, specifier));
  for (const [name, folder] of Object.entries(workspacePackages)) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return path.posix.join(folder, specifier.slice(name.length));
    }
  }
  return undefined;
}

const featurePattern = /^(apps\/[^/]+\/src\/features)\/([^/]+)(\/|$)/;
const readingsPattern = /^(apps\/[^/]+\/src)\/readings\//;

/** The message for an import that crosses a boundary, or undefined when it is allowed. */
export function boundaryViolation(importer, imported) {
  const from = featurePattern.exec(importer);
  const to = featurePattern.exec(imported);
  if (from && to && from[1] === to[1] && from[2] !== to[2]) {
    return `Features do not import each other (${from[2]} -> ${to[2]}); move what both need down a level.`;
  }
  // The readings domain (apps/<app>/src/readings) sits below the features: every feature may use
  // it, it uses none of them, and on the server it is the only code that queries the readings'
  // tables (tests may set rows up directly).
  const domain = readingsPattern.exec(importer);
  if (domain && imported.startsWith(`${domain[1]}/features/`)) {
    return 'The readings domain sits below the features and does not import them; move what it needs into it.';
  }
  if (
    from &&
    imported === 'apps/server/src/db/schema/records.table.ts' &&
    !/\.(int\.)?test\.ts$|\.test-helpers?\.ts$/.test(importer)
  ) {
    return 'Readings are queried through apps/server/src/readings (readings.repository.ts, readings.queries.ts), not from a feature.';
  }
  if (importer.startsWith('packages/') && imported.startsWith('apps/')) {
    return 'Packages never import apps: dependencies point apps -> packages.';
  }
  if (importer.startsWith('packages/health/') && imported.startsWith('packages/api')) {
    return 'packages/health is the innermost layer; it does not know the wire contract.';
  }
  return undefined;
}

export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Keeps the import boundaries of the architecture' },
    schema: [{ type: 'object', properties: { root: { type: 'string' } }, required: ['root'] }],
  },
  create(context) {
    const { root } = context.options[0];
    const filename = context.physicalFilename ?? context.filename;
    const importer = path.relative(root, filename).split(path.sep).join('/');
    const check = (node) => {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const imported = importedPath(source.value, path.dirname(filename), root);
      if (imported === undefined) return;
      const message = boundaryViolation(importer, imported.split(path.sep).join('/'));
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
