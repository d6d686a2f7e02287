import { describe, expect, it } from 'vitest';
import { directImports } from './direct-imports';

type Transform = (this: { warn: (m: string) => void }, code: string, id: string) => { code: string } | null;

function transform(code: string, id = '/app/src/features/x.tsx') {
  const warnings: string[] = [];
  const plugin = directImports();
  const out = (plugin.transform as Transform).call({ warn: (m) => warnings.push(m) }, code, id);
  return { code: out?.code ?? null, warnings };
}

describe('direct imports of the UI kit', () => {
  it('imports each component from its own module, keeping local names', () => {
    const { code } = transform(`import { Button, Toast as Tip } from "antd-mobile";\nimport { LeftOutline } from 'antd-mobile-icons';\nButton; Tip; LeftOutline;`);
    expect(code).toContain(`import Button from 'antd-mobile/es/components/button';`);
    expect(code).toContain(`import Tip from 'antd-mobile/es/components/toast';`);
    expect(code).toContain(`import LeftOutline from 'antd-mobile-icons/es/LeftOutline.js';`);
    expect(code).not.toMatch(/from ['"]antd-mobile['"]/);
    expect(code).toContain('Button; Tip; LeftOutline;');
  });

  it('takes a named export by its name (not a default) and a multi-line import', () => {
    const { code } = transform(`import {\n  unstableSetRender,\n  SpinLoading,\n} from 'antd-mobile';`);
    expect(code).toContain(`import { unstableSetRender as unstableSetRender } from 'antd-mobile/es/utils/unstable-render';`);
    expect(code).toContain(`import SpinLoading from 'antd-mobile/es/components/spin-loading';`);
  });

  it('leaves an import naming something the index does not list to the index, and says so', () => {
    const source = `import { Button, NoSuchThing } from 'antd-mobile';`;
    const { code, warnings } = transform(source);
    expect(code).toBeNull();
    expect(warnings).toEqual([expect.stringContaining('NoSuchThing')]);
  });

  it('does not touch the kit itself, other packages or deep imports', () => {
    expect(transform(`import { Button } from 'antd-mobile';`, '/app/node_modules/x/index.js').code).toBeNull();
    expect(transform(`import { useState } from 'react';`).code).toBeNull();
    expect(transform(`import 'antd-mobile/es/global';`).code).toBeNull();
  });
});
