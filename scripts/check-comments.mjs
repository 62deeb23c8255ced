#!/usr/bin/env node
// Comments and docs point at what a reader of the repository has: docs/product.md for the shop's
// behaviour, docs/decisions/ for the reasons. This check (`npm run comments`, part of `npm run check`)
// fails on a comment, or a line of a Markdown file, that cites a document outside the repository
// instead: a numbered section or an issue of a text we do not ship, the plan or style notes kept
// beside the repository, or a path out of it.
//   node scripts/check-comments.mjs [root]     exits 1 and lists every such line
// Only comments are read in code (strings and names are left alone); Playwright file names such as
// `checkout.spec.ts` and "the OpenAPI spec" are fine.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'migrations', 'data', '.work', 'test-results']);
const C_LIKE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css)$/;
const HASH_COMMENTS = /(\.(sh|ya?ml|toml)|^\.ci\/run|Dockerfile)$/;
const MARKDOWN = /\.md$/;
const HTML = /\.html$/;

/** Qualifiers that make the word mean another standard or a test file (`the OpenAPI spec`). */
const OTHER_SPECS =
  /\b(openapi|swagger|playwright|e2e|end-to-end|test|this|each|every|css|html|http|rfc|w3c|whatwg|ecmascript|es|json|jsdoc|tsdoc|oauth|fetch|url|mime|smtp|csv|totp|otp|stripe|webauthn|s3|aws|sigv4|cookie|zod|vitest|dom|web|language|iso|utf-8|unicode|semver|mdn)\s+spec(ification)?s?\b/gi;

/** What a comment may not cite, each with the reason shown to the author. */
export const CITATIONS = [
  // "specs" in the plural are test files; the product's description is one document.
  {
    pattern: /\bspec(ification)?(['’]s)?\b(?!-)/i,
    reason: 'cites the specification; say the rule, or point to docs/product.md',
  },
  {
    pattern: /§\s*\d|\bsections?\s+\d+/i,
    reason: 'cites a numbered section; say the rule, or point to docs/product.md',
  },
  {
    pattern: /\bissues?[\s-]*#?\d+/i,
    reason: 'cites an issue; say what it asked for, or point to a decision record',
  },
  {
    pattern: /\bARCHITECTURE(\.md)?\b|\bSTYLE\.md\b/,
    reason: 'cites the plan notes; point to a decision record instead',
  },
  { pattern: /\.\.\/shared\/|\/work\/shared\b/, reason: 'points at a file outside the repository' },
];

/** The first citation in one line of comment text, ignoring file names such as `checkout.spec.ts`. */
export function citationIn(text) {
  const cleaned = text.replace(/[\w./-]*\.spec\.[cm]?[jt]sx?\b/g, '').replace(OTHER_SPECS, '');
  return CITATIONS.find(({ pattern }) => pattern.test(cleaned)) ?? null;
}

/**
 * The comments of a JavaScript, TypeScript or CSS source as `{ line, text }`, one per line. Strings,
 * template literals and regular expressions are skipped; a quote left open at the end of a line (an
 * apostrophe in JSX text) is closed there.
 */
export function commentsOf(source) {
  const out = [];
  let line = 1;
  let i = 0;
  let lastSignificant = '';
  const push = (text, at) => {
    text.split('\n').forEach((part, k) => {
      out.push({ line: at + k, text: part });
    });
  };
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end === -1 ? source.length : end;
      push(source.slice(i + 2, stop), line);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end;
      const body = source.slice(i + 2, stop);
      push(body, line);
      line += body.split('\n').length - 1;
      i = stop + 2;
    } else if (c === "'" || c === '"' || c === '`') {
      i++;
      while (i < source.length && source[i] !== c) {
        if (source[i] === '\\') i++;
        else if (source[i] === '\n') {
          if (c !== '`') break;
          line++;
        }
        i++;
      }
      if (source[i] === c) i++;
      lastSignificant = c;
    } else if (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]/.test(lastSignificant)) {
      // A regular expression literal (a division follows a value, which this is not).
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n' && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i++;
      }
      i++;
      lastSignificant = '/';
    } else {
      if (!/\s/.test(c)) lastSignificant = c;
      i++;
    }
  }
  return out;
}

/** `#` comments of shell and YAML files: from a `#` at the start of a line or after a space. */
function hashCommentsOf(source) {
  return source.split('\n').flatMap((text, k) => {
    const match = text.match(/(^|\s)#(?!!)(.*)$/);
    return match ? [{ line: k + 1, text: match[2] }] : [];
  });
}

function htmlCommentsOf(source) {
  const out = [];
  for (const match of source.matchAll(/<!--([\s\S]*?)-->/g)) {
    const first = source.slice(0, match.index).split('\n').length;
    match[1].split('\n').forEach((text, k) => {
      out.push({ line: first + k, text });
    });
  }
  return out;
}

function linesOf(source) {
  return source.split('\n').map((text, k) => ({ line: k + 1, text }));
}

function readerFor(file) {
  const name = path.posix.basename(file);
  if (C_LIKE.test(name)) return commentsOf;
  if (HASH_COMMENTS.test(file)) return hashCommentsOf;
  if (HTML.test(name)) return htmlCommentsOf;
  if (MARKDOWN.test(name)) return linesOf;
  return null;
}

function* files(root, dir) {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name) && !(entry.name.startsWith('.') && entry.name !== '.ci'))
        yield* files(root, rel);
    } else if (readerFor(rel)) {
      yield rel;
    }
  }
}

/** Every comment line under `root` that cites something outside the repository. */
export function findCitations(root) {
  const found = [];
  if (!existsSync(root)) return found;
  for (const file of files(root, '')) {
    const read = readerFor(file);
    for (const { line, text } of read(readFileSync(path.join(root, file), 'utf8'))) {
      const citation = citationIn(text);
      if (citation) found.push({ file, line, text: text.trim(), reason: citation.reason });
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const found = findCitations(root);
  for (const f of found) console.error(`${f.file}:${f.line}: ${f.reason}\n    ${f.text}`);
  if (found.length > 0) {
    console.error(
      `\n${found.length} comment line(s) cite documents a reader of the repository does not have.`,
    );
    process.exit(1);
  }
  console.log('Comments: no citations of documents outside the repository.');
}
