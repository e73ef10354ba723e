import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ES module script without types
import { mergeLocales } from '../../../../scripts/build-locales.mjs';

/**
 * Every error code the API can answer has its text in French, English and Arabic (`errors.<CODE>`
 * in the web locales, decision 1030). The codes are found in the sources, so that a new one needs
 * no list to be kept: the first argument of `refusal(…)`, `refuse(…)`, `new AppError(…)` and of any
 * helper whose first parameter is named `code`; a `code:` or `refusal:` value; the values of a
 * code table (`const X_ERRORS|X_CODES = { … }`); the keys of `ERROR_CATALOGUE`. A code built from
 * a template (`${prefix}_EMPTY`) is listed below with what it expands to.
 */

const root = join(__dirname, '../../../..');
const SOURCES = ['packages/domain/src', 'packages/contracts/src', 'apps/api/src'];
const CODE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;

/** Codes built from a template, by the template's text: what each can be. A new template fails the test until listed. */
const TEMPLATES: Record<string, string[]> = {
  '`${codePrefix}_EMPTY`': ['MONEY_EMPTY', 'QUANTITY_EMPTY', 'PERCENT_EMPTY'],
  '`${codePrefix}_FORMAT`': ['MONEY_FORMAT', 'QUANTITY_FORMAT', 'PERCENT_FORMAT'],
  '`${codePrefix}_DECIMALS`': ['MONEY_DECIMALS', 'QUANTITY_DECIMALS', 'PERCENT_DECIMALS'],
  '`${codePrefix}_TOO_LARGE`': ['MONEY_TOO_LARGE', 'QUANTITY_TOO_LARGE', 'PERCENT_TOO_LARGE'],
  "`QUOTE_${action.toUpperCase().replace('-', '_')}_NOT_ALLOWED`": [
    'QUOTE_EDIT_NOT_ALLOWED',
    'QUOTE_DELETE_NOT_ALLOWED',
    'QUOTE_SEND_NOT_ALLOWED',
    'QUOTE_ACCEPT_NOT_ALLOWED',
    'QUOTE_REFUSE_NOT_ALLOWED',
    'QUOTE_SIGN_NOT_ALLOWED',
    'QUOTE_CANCEL_NOT_ALLOWED',
    'QUOTE_VALIDATE_NOT_ALLOWED',
    'QUOTE_NEW_VERSION_NOT_ALLOWED',
  ],
};

const CODE_CALLS = new Set(['refusal', 'refuse', 'AppError']);
const TABLE_NAME = /(ERRORS|CODES|CATALOGUE)$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) sourceFiles(path, out);
    else if (/\.tsx?$/.test(entry) && !/\.d\.ts$/.test(entry)) out.push(path);
  }
  return out;
}

interface Found {
  codes: Map<string, string>;
  templates: Map<string, string>;
}

function scan(): Found {
  const files = SOURCES.flatMap((dir) => sourceFiles(join(root, dir))).map((path) => ({
    path: relative(root, path),
    source: ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true),
  }));
  const found: Found = { codes: new Map(), templates: new Map() };
  const add = (code: string, where: string) => {
    if (CODE.test(code) && !found.codes.has(code)) found.codes.set(code, where);
  };

  // Code tables (`PAYMENT_ERRORS = { … }`), visible from every file by their name.
  const tables = new Map<string, ts.ObjectLiteralExpression>();
  const visitTables = (node: ts.Node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      let init: ts.Expression = node.initializer;
      while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init) || ts.isParenthesizedExpression(init)) init = init.expression;
      if (ts.isObjectLiteralExpression(init)) tables.set(node.name.text, init);
    }
    ts.forEachChild(node, visitTables);
  };
  for (const f of files) visitTables(f.source);
  const tableValues = (table: ts.ObjectLiteralExpression, key?: string) =>
    table.properties.flatMap((p) => (ts.isPropertyAssignment(p) && (key === undefined || p.name.getText() === key) ? [p.initializer] : []));

  for (const { path, source } of files) {
    // Helpers of this file whose first parameter is the code (`invalid(code, message)`).
    const helpers = new Set<string>();
    const consts = new Map<string, ts.Expression>();
    const collect = (node: ts.Node) => {
      const first = (ts.isFunctionDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) && node.parameters[0];
      if (first && ts.isIdentifier(first.name) && first.name.text === 'code') {
        const name = ts.isFunctionDeclaration(node) ? node.name : ts.isVariableDeclaration(node.parent) ? node.parent.name : undefined;
        if (name && ts.isIdentifier(name)) helpers.add(name.text);
      }
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) consts.set(node.name.text, node.initializer);
      ts.forEachChild(node, collect);
    };
    collect(source);

    const where = (node: ts.Node) => `${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
    const resolve = (expr: ts.Expression, depth = 0): void => {
      if (depth > 5) return;
      if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) add(expr.text, where(expr));
      else if (ts.isTemplateExpression(expr)) found.templates.set(expr.getText(), where(expr));
      else if (ts.isConditionalExpression(expr)) [expr.whenTrue, expr.whenFalse].forEach((e) => resolve(e, depth + 1));
      else if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) resolve(expr.expression, depth + 1);
      else if (
        ts.isBinaryExpression(expr) &&
        (expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || expr.operatorToken.kind === ts.SyntaxKind.BarBarToken)
      )
        [expr.left, expr.right].forEach((e) => resolve(e, depth + 1));
      else if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression) && tables.has(expr.expression.text))
        tableValues(tables.get(expr.expression.text)!, expr.name.text).forEach((e) => resolve(e, depth + 1));
      else if (ts.isElementAccessExpression(expr) && ts.isIdentifier(expr.expression) && tables.has(expr.expression.text))
        tableValues(tables.get(expr.expression.text)!).forEach((e) => resolve(e, depth + 1));
      else if (ts.isIdentifier(expr) && consts.has(expr.text)) resolve(consts.get(expr.text)!, depth + 1);
      // Anything else is a parameter or a refusal's `.code` passed on: found where it was written.
    };

    const visit = (node: ts.Node) => {
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments?.length) {
        const callee = ts.isIdentifier(node.expression) ? node.expression.text : undefined;
        if (callee && (CODE_CALLS.has(callee) || helpers.has(callee))) resolve(node.arguments[0]);
      }
      if (ts.isPropertyAssignment(node) && ['code', 'refusal'].includes(node.name.getText())) resolve(node.initializer);
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && TABLE_NAME.test(node.name.text) && node.initializer) {
        const table = tables.get(node.name.text);
        if (table && node.name.text === 'ERROR_CATALOGUE') table.properties.forEach((p) => p.name && add(p.name.getText(), where(p)));
        else if (table) tableValues(table).forEach((e) => resolve(e));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

describe('error codes', () => {
  const found = scan();
  const errors = mergeLocales() as Record<'fr' | 'en' | 'ar', { errors: Record<string, string> }>;

  it('finds the codes of every kind of source (the scan itself works)', () => {
    for (const known of [
      'QUOTE_VERSION_ALREADY_ACCEPTED',
      'LINE_PRICE_INVALID',
      'PAYMENT_LINK_EXPIRED',
      'PHONE_INVALID',
      'DATE_INVALID',
      'NOT_FOUND',
      'DOCUMENT_LINK_EXPIRED',
    ])
      expect(found.codes.has(known), known).toBe(true);
    expect(found.codes.size).toBeGreaterThan(100);
  });

  it('knows what every code built from a template can be', () => {
    const unknown = [...found.templates].filter(([text]) => !(text in TEMPLATES)).map(([text, where]) => `${text} (${where})`);
    expect(unknown, 'add these templates and their codes to TEMPLATES in this test').toEqual([]);
  });

  it.each(['fr', 'en', 'ar'] as const)('has a %s text for every code', (language) => {
    const all = new Map(found.codes);
    for (const [text, where] of found.templates) for (const code of TEMPLATES[text] ?? []) all.set(code, where);
    const missing = [...all].filter(([code]) => !errors[language].errors[code]?.trim()).map(([code, where]) => `${code} (${where})`);
    expect(missing, `add errors.<CODE> to the ${language} web locales`).toEqual([]);
  });

  it('writes the Arabic texts in Arabic and keeps the parameters of the French one', () => {
    const wrong = Object.entries(errors.fr.errors).filter(([code, fr]) => {
      const ar = errors.ar.errors[code] ?? '';
      const names = (s: string) => [...s.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]);
      // English and Arabic may leave out a parameter (a French sentence given as `why`), never name one the French has not.
      const within = (text: string) => names(text).every((name) => names(fr).includes(name));
      return !/[\u0600-\u06FF]/.test(ar) || !within(ar) || !within(errors.en.errors[code] ?? '');
    });
    expect(wrong.map(([code]) => code)).toEqual([]);
  });
});
