import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/*
 * `import { Button, Toast } from 'antd-mobile'` names the UI kit's index, which imports every
 * component of the kit. The bundler drops what is unused, but when it decides which modules the
 * first screen needs (and so which files it must fetch before it can render) it follows the
 * index to all of them. This rewrites each such import to the modules the names come from -
 * `import Button from 'antd-mobile/es/components/button'` - read from the index itself, so the
 * module graph says exactly what each screen uses. A name the index does not list is left to the
 * index (and said in a warning), never dropped.
 */
const require = createRequire(import.meta.url);

interface Source {
  from: string;
  name: string;
}

/** name -> where the package's index takes it from, out of its `export { a as b } from './x'` lines. */
function readIndex(pkg: string, indexFile: string): Map<string, Source> {
  const dir = path.dirname(require.resolve(`${pkg}/package.json`));
  const text = readFileSync(path.join(dir, indexFile), 'utf8');
  const names = new Map<string, Source>();
  for (const [, list, target] of text.matchAll(/export\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
    const from = path.posix.join(pkg, path.posix.dirname(indexFile), target!);
    for (const spec of list!.split(',')) {
      const [name, alias] = spec.trim().split(/\s+as\s+/);
      if (name) names.set((alias ?? name).trim(), { from, name: name.trim() });
    }
  }
  return names;
}

const IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])(antd-mobile|antd-mobile-icons)\2;?/g;

export function directImports(): Plugin {
  const indexes: Record<string, Map<string, Source>> = {
    'antd-mobile': readIndex('antd-mobile', 'es/index.js'),
    'antd-mobile-icons': readIndex('antd-mobile-icons', 'es/index.js'),
  };
  return {
    name: 'tp-direct-imports',
    apply: 'build',
    transform(code, id) {
      if (id.includes('node_modules') || !code.includes('antd-mobile')) return null;
      let changed = false;
      const out = code.replace(IMPORT, (statement, list: string, _quote: string, pkg: string) => {
        const specs = list.split(',').map((s) => s.trim()).filter(Boolean).map((s) => {
          const [name, local] = s.split(/\s+as\s+/);
          return { name: name!.trim(), local: (local ?? name)!.trim() };
        });
        const unknown = specs.filter((s) => !indexes[pkg]!.has(s.name));
        if (unknown.length > 0) {
          this.warn(`${id}: ${unknown.map((s) => s.name).join(', ')} not found in ${pkg}'s index; imported from the index`);
          return statement;
        }
        changed = true;
        return specs
          .map((s) => {
            const source = indexes[pkg]!.get(s.name)!;
            return source.name === 'default' ? `import ${s.local} from '${source.from}';` : `import { ${source.name} as ${s.local} } from '${source.from}';`;
          })
          .join('\n');
      });
      return changed ? { code: out, map: null } : null;
    },
  };
}
