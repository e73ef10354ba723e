import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No import cycle between the API's modules, and lib below every module (decision 1180). ESLint's
 * boundary rule (decision 0450) checks each import alone; a cycle needs the whole graph, so this
 * test walks it: every relative import, re-export and dynamic import of `apps/api/src`, type-only
 * ones included (a type cycle is a design cycle all the same), folded to units — one per module
 * folder, `lib`, `plugins`, `adapters`, other files alone.
 */
const src = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function unitOf(path: string): string {
  const [top, second] = relative(src, path).split(sep);
  if (top === 'modules' && second && !/\.tsx?$/.test(second)) return `modules/${second}`;
  if (top === 'lib' || top === 'plugins' || top === 'adapters') return top;
  return relative(src, path).split(sep).join('/');
}

type Graph = Map<string, Map<string, string>>; // unit → unit it imports → one import that says so

function importGraph(): Graph {
  const graph: Graph = new Map();
  for (const file of sourceFiles(src)) {
    const from = unitOf(file);
    for (const { fileName } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = unitOf(resolve(dirname(file), fileName));
      if (to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${relative(src, file)} → '${fileName}'`);
    }
  }
  return graph;
}

/** Each cycle once, as the imports that close it (strongly connected components, Tarjan). */
function cycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (unit: string) => {
    index.set(unit, next);
    low.set(unit, next);
    next += 1;
    stack.push(unit);
    for (const to of graph.get(unit)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(unit, Math.min(low.get(unit)!, low.get(to)!));
      } else if (stack.includes(to)) low.set(unit, Math.min(low.get(unit)!, index.get(to)!));
    }
    if (low.get(unit) !== index.get(unit)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== unit);
    if (component.length > 1) {
      const members = new Set(component);
      found.push(component.flatMap((a) => [...(graph.get(a) ?? [])].filter(([b]) => members.has(b)).map(([, why]) => why)).sort());
    }
  };
  for (const unit of graph.keys()) if (!index.has(unit)) visit(unit);
  return found;
}

describe('module import graph', () => {
  const graph = importGraph();

  it('has no cycle between modules, lib, plugins and adapters', () => {
    expect(graph.size).toBeGreaterThan(20);
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps lib below the modules: lib imports no module', () => {
    const up = [...(graph.get('lib') ?? [])].filter(([to]) => to.startsWith('modules/')).map(([, why]) => why);
    expect(up).toEqual([]);
  });

  it('reports a cycle the moment one module imports back another that imports it', () => {
    // professionals builds on users (findUser…): users importing professionals back closes a cycle.
    expect(graph.get('modules/professionals')?.has('modules/users')).toBe(true);
    const withCycle: Graph = new Map([...graph].map(([unit, targets]) => [unit, new Map(targets)]));
    withCycle.get('modules/users')!.set('modules/professionals', "modules/users/admin.ts → '../professionals'");
    const [cycle] = cycles(withCycle);
    expect(cycle).toContain("modules/users/admin.ts → '../professionals'");
    expect(cycle.some((why) => why.startsWith('modules/professionals/'))).toBe(true);
  });
});
