import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown.ts';

/** The real tags of the output (text keeps "<" escaped), each without its quoted attribute values. */
const tagsOf = (html: string) =>
  [...html.matchAll(/<\/?([a-z][a-z0-9]*)\b([^>]*)>/gi)].map(([, name = '', rest = '']) => ({
    name: name.toLowerCase(),
    attributes: rest.replace(/"[^"]*"/g, '""'),
    raw: rest,
  }));

describe('renderMarkdown', () => {
  it('renders headings, emphasis, lists, links and tables', async () => {
    const html = await renderMarkdown(
      '## Returns\n\nWithin **30 days**, *no questions*.\n\n- one\n- two\n\n[Contact us](/pages/contact)\n\n| a | b |\n|---|---|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Returns</h2>');
    expect(html).toContain('<strong>30 days</strong>');
    expect(html).toContain('<em>no questions</em>');
    expect(html).toContain('<li>one</li>');
    expect(html).toContain('<a href="/pages/contact">Contact us</a>');
    expect(html).toContain('<td>1</td>');
  });

  it('marks links to other sites noopener', async () => {
    expect(await renderMarkdown('[x](https://example.com)')).toBe(
      '<p><a href="https://example.com" rel="noopener noreferrer nofollow">x</a></p>\n',
    );
  });

  const hostile: [string, string][] = [
    ['a script element', '<script>alert(1)</script>'],
    ['an event handler', '<img src="x" onerror="alert(1)">'],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['an encoded javascript: link', '[click](jav&#x61;script:alert(1))'],
    ['a javascript: link with odd case and spaces', '[click]( JaVaScRiPt:alert(1))'],
    ['a javascript: autolink', '<javascript:alert(1)>'],
    ['a data: image', '![x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)'],
    ['a vbscript: link', '[x](vbscript:msgbox(1))'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>'],
    ['a style element', '<style>body{display:none}</style>'],
    ['an svg with onload', '<svg onload="alert(1)"></svg>'],
    ['an inline handler inside a link title', '[x](/a "t\\" onmouseover=\\"alert(1)")'],
    ['a protocol-relative link', '[x](//evil.example/path)'],
  ];

  it.each(hostile)('writes %s out harmlessly', async (_name, source) => {
    const tags = tagsOf(await renderMarkdown(source));
    for (const tag of tags) {
      expect(['p', 'a', 'img']).toContain(tag.name);
      expect(tag.attributes).not.toMatch(/\son\w*\s*=/i);
      expect(tag.raw).not.toMatch(/(?:href|src)\s*=\s*"\s*(?:javascript|vbscript|data):/i);
      expect(tag.raw).not.toMatch(/(?:href|src)="\/\//);
    }
  });

  it('keeps raw HTML in the source as visible text', async () => {
    expect(await renderMarkdown('<b>bold?</b>')).toBe('<p>&lt;b&gt;bold?&lt;/b&gt;</p>\n');
  });
});
