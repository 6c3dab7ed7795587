import { describe, expect, it } from '@jest/globals';
import { verificationCodeMail } from './templates.js';

const CONTEXT = { conferenceName: 'SIGGRAPH 2026', contactEmail: 'sv@example.org', publicUrl: 'https://portal.example.org' };

describe('the HTML part of an email', () => {
  it('shows a name as text, never as markup: the name an applicant typed cannot change the email', () => {
    const mail = verificationCodeMail('ana@example.org', `<img src=x onerror="alert('1')"> & Co`, '123456', CONTEXT);
    expect(mail.html).toContain('Hi &lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; Co,');
    expect(mail.html).not.toContain('<img');
    // The plain-text part keeps the name as typed.
    expect(mail.text).toContain(`Hi <img src=x onerror="alert('1')"> & Co,`);
  });
});
