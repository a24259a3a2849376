import { describe, expect, it } from 'vitest';
import { renderSafeMarkdown } from './markdown';

describe('renderSafeMarkdown', () => {
  it('renders headings, emphasis, lists, tables and code', () => {
    const html = renderSafeMarkdown(
      '## Orders\n\n**Bold**, *italic*, ~~gone~~ and `code`.\n\n1. One\n2. Two\n\n| a | b |\n|---|--:|\n| 1 | 2 |',
    );
    expect(html).toContain('<h2>Orders</h2>');
    expect(html).toContain('<strong>Bold</strong>, <em>italic</em>, <del>gone</del> and <code>code</code>.');
    expect(html).toContain('<ol>\n<li>One</li>');
    expect(html).toContain('<td align="right">2</td>');
  });

  it('gives every link rel="noopener noreferrer" and its own tab, replacing what the author set', () => {
    expect(renderSafeMarkdown('[Karm](https://karm.example.no "Home")')).toBe(
      '<p><a href="https://karm.example.no" title="Home" rel="noopener noreferrer" target="_blank">Karm</a></p>',
    );
    expect(renderSafeMarkdown('<a href="https://x.example" rel="opener" target="_self">x</a>')).toBe(
      '<p><a href="https://x.example" rel="noopener noreferrer" target="_blank">x</a></p>',
    );
    expect(renderSafeMarkdown('[Projects](/projects) and [mail](mailto:post@example.no)')).toContain(
      'href="/projects"',
    );
  });

  it.each([
    ['a script', '<script>alert(1)</script>Text', 'Text'],
    ['a style element', '<style>body { display: none }</style>Text', 'Text'],
    ['an iframe', '<iframe src="https://evil.example"></iframe>Text', 'Text'],
    ['an image with an error handler', 'Text <img src="x" onerror="alert(1)">', '<p>Text </p>'],
    ['an SVG with a load handler', '<svg onload="alert(1)"><circle r="1"/></svg>Text', '<p>Text</p>'],
    ['an event handler on an allowed tag', '<p onclick="alert(1)">Text</p>', '<p>Text</p>'],
    ['a style attribute', '<p style="position:fixed;inset:0">Text</p>', '<p>Text</p>'],
    ['a form', '<form action="https://evil.example"><input name="password"></form>Text', 'Text'],
  ])('removes %s', (_what, markdown, expected) => {
    expect(renderSafeMarkdown(markdown)).toBe(expected);
  });

  it.each([
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '<a href="java&#9;script:alert(1)">x</a>',
    '<a href="javascript&colon;alert(1)">x</a>',
    '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[x](vbscript:msgbox(1))',
    '[x](//evil.example/steal)',
  ])('drops the address of %s', (markdown) => {
    const html = renderSafeMarkdown(markdown);
    expect(html).not.toContain('href');
    expect(html).toContain('>x</a>');
  });

  it('keeps text that only looks like markup as text', () => {
    expect(renderSafeMarkdown('Width < 900 & height > 2100')).toBe(
      '<p>Width &lt; 900 &amp; height &gt; 2100</p>',
    );
  });
});
