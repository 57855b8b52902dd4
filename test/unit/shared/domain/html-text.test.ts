import { describe, expect, it } from 'vitest';
import { htmlToText, isHtml } from '../../../../shared/domain/html-text';

describe('Domain: html-text', () => {
  it.each([
    ['<p>Hello</p>', true],
    ['Line one<br>Line two', true],
    ['<b>bold</b> move', true],
    ['<img src="x.png"/>', true],
    ['Salary 5 < 10 and 10 > 5', false],
    ['Use a <placeholder with spaces', false],
    ['plain text only', false],
    ['email me at <a@b.c>', false],
  ])('detects HTML in %j: %s', (content, expected) => {
    expect(isHtml(content)).toBe(expected);
  });

  it('strips tags and turns block elements and <br> into line breaks', () => {
    expect(htmlToText('<h1>Call notes</h1><p>Spoke with <b>Ana</b>.</p><ul><li>Budget</li><li>Timing</li></ul>Bye<br/>now')).toBe('Call notes\nSpoke with Ana.\nBudget\nTiming\nBye\nnow');
  });

  it('decodes named and numeric entities', () => {
    expect(htmlToText('<p>R&amp;D &lt;team&gt; &quot;hi&quot; &#39;x&#39; &#x1F600; &eacute;t&hellip; caf&#233;</p>')).toBe('R&D <team> "hi" \'x\' 😀 &eacute;t… café');
  });

  it('drops scripts, styles and comments entirely', () => {
    expect(htmlToText('<style>p{color:red}</style><p>Visible</p><script>alert(1)</script><!-- hidden -->')).toBe('Visible');
  });

  it('collapses source whitespace and empty blocks, but keeps explicit <br> breaks', () => {
    expect(htmlToText('<div>  a \n  b </div>\n\n\n<div></div><div></div><p>c</p>')).toBe('a b\nc');
    expect(htmlToText('<p>Dear Ana,<br><br>Thanks.</p>')).toBe('Dear Ana,\n\nThanks.');
  });
});
