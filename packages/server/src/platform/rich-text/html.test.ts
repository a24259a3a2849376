import { describe, expect, it } from 'vitest';
import { richTextWords, sanitizeRichText } from './html';

describe('sanitizeRichText', () => {
  it('keeps the editor’s structure: headings, lists, emphasis, underline, links', () => {
    const html =
      '<h2>Montering</h2><p><strong>Viktig</strong> <em>og</em> <u>understreket</u></p><ul><li><p>Ett</p></li></ul>' +
      '<p><a href="https://karm.example.no">lenke</a></p>';
    expect(sanitizeRichText(html)).toBe(
      '<h2>Montering</h2><p><strong>Viktig</strong> <em>og</em> <u>understreket</u></p><ul><li><p>Ett</p></li></ul>' +
        '<p><a href="https://karm.example.no" rel="noopener noreferrer" target="_blank">lenke</a></p>',
    );
  });

  it.each([
    ['a script', '<p>Tekst</p><script>alert(1)</script>', '<p>Tekst</p>'],
    ['an image with an error handler', '<p>Tekst<img src=x onerror="alert(1)"></p>', '<p>Tekst</p>'],
    [
      'an SVG with a load handler',
      '<svg onload="alert(1)"><circle r="1"/></svg><p>Tekst</p>',
      '<p>Tekst</p>',
    ],
    ['an event handler', '<p onclick="alert(1)" onmouseover="alert(2)">Tekst</p>', '<p>Tekst</p>'],
    ['a style attribute', '<p style="position:fixed;inset:0">Tekst</p>', '<p>Tekst</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>Tekst</p>', '<p>Tekst</p>'],
    ['a broken tag trick', '<p>Tekst</p><scr<script>ipt>alert(1)</script>', '<p>Tekst</p>ipt&gt;alert(1)'],
  ])('removes %s', (_what, html, expected) => {
    expect(sanitizeRichText(html)).toBe(expected);
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href="java&#9;script:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
  ])('drops the address of %s', (html) => {
    const clean = sanitizeRichText(html);
    expect(clean).not.toContain('href');
    expect(clean).toContain('>x</a>');
  });

  it('tells an empty text from a real one', () => {
    expect(richTextWords('<p></p><p>&nbsp;</p>')).toBe('');
    expect(richTextWords('<p><strong>Les</strong> dette</p>')).toBe('Les dette');
  });
});
