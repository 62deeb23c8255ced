import { TestPaymentsBanner } from '@cartwheel/ui/test-payments-banner';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile } from '../../../test/catalog-sites.ts';
import { okJson, sendAs } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { testPaymentsHtml } from './storefront-shell.ts';

/** Shaped like the storefront's index.html where the shop's look goes in. */
const SHELL = `<!doctype html><html><head><meta name="description" content="x" /><meta name="theme-color" content="#ffffff" /><title>shell</title></head><body>
<div><!--shell:announcement--><!--/shell:announcement--><a href="/"><!--shell:logo--><svg></svg><!--/shell:logo--><span><!--shell:name-->Cartwheel<!--/shell:name--></span></a>
<main><!--shell-main--><p>Loading...</p><!--/shell-main--></main></div>
<template data-shell="home"><h1>{{hero_title}}</h1><a href="{{primary_link}}">{{primary_label}}</a><!--shell:hero-image--><!--/shell:hero-image--></template>
</body></html>`;

const suite = appWithSitesPerFile({
  'storefront/index.html': SHELL,
  'admin/index.html': '<title>admin</title>',
});

const createPage = async (cookie: string, fields: Record<string, unknown>) => {
  const res = await sendAs(suite.ctx.app, cookie, 'POST', '/api/admin/content/pages', {
    body: 'Returns within **30 days**.',
    seo_title: '',
    seo_description: '',
    published: true,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
};

describe("the storefront shell with the shop's content", () => {
  it('serves a published page with its title, description, canonical link and Open Graph tags', async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    await createPage(manager.cookie, { title: 'Shipping & <Returns>', slug: 'shipping-returns' });
    const res = await suite.get('/pages/shipping-returns');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Shipping &amp; &lt;Returns&gt; | Cartwheel Store</title>');
    expect(res.body).toContain('<meta name="description" content="Returns within 30 days." />');
    expect(res.body).toContain(
      `<link rel="canonical" href="${suite.ctx.config.publicUrl}/pages/shipping-returns" />`,
    );
    expect(res.body).toContain('<meta property="og:title" content="Shipping &amp; &lt;Returns&gt;" />');
    expect(res.body).toContain('<meta property="og:type" content="article" />');

    const sitemap = await suite.get('/sitemap.xml');
    expect(sitemap.body).toContain(`<loc>${suite.ctx.config.publicUrl}/pages/shipping-returns</loc>`);
  });

  it('answers a draft or unknown page with the shell and a 404, and keeps drafts out of the sitemap', async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    await createPage(manager.cookie, { title: 'Draft', slug: 'draft-page', published: false });
    for (const url of ['/pages/draft-page', '/pages/no-such-page']) {
      const res = await suite.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('<p>Loading...</p>');
    }
    expect((await suite.get('/sitemap.xml')).body).not.toContain('draft-page');
  });

  it("puts the shop's name, logo, colours, hero and announcement in the shell, on the next load after a change", async () => {
    const admin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    const before = await suite.get('/');
    expect(before.body).toContain('<h1>Everything you need, delivered to your door</h1>');

    okJson(
      await sendAs(suite.ctx.app, admin.cookie, 'PATCH', '/api/admin/online-store', {
        name: 'Blue & Co',
        primary_color: '#1d4ed8',
        logo_url: 'https://cdn.example/logo.png',
        seo_title: 'Blue & Co: fine goods',
      }),
    );
    okJson(
      await sendAs(suite.ctx.app, admin.cookie, 'PUT', '/api/admin/content/home', {
        hero: {
          title: 'Autumn <sale>',
          subtitle: '',
          image_url: 'https://cdn.example/hero.jpg',
          primary_button: { label: 'Shop', link: '/products?x="1"' },
          secondary_button: { label: 'More', link: '/pages/about' },
        },
        announcement: { enabled: true, text: 'Free shipping', link: null },
      }),
    );
    const { body } = await suite.get('/');
    expect(body).toContain('<h1>Autumn &lt;sale&gt;</h1>');
    expect(body).toContain('<a href="/products?x=&quot;1&quot;">Shop</a>');
    // Images given by URL have no copies: a plain <img> with the box's size.
    expect(body).toContain(
      '<img alt="" src="https://cdn.example/hero.jpg" width="1200" height="480" loading="eager" fetchpriority="high"',
    );
    expect(body).toContain('<span>Blue &amp; Co</span>');
    expect(body).toContain('<img alt="" src="https://cdn.example/logo.png" width="28" height="28"');
    expect(body).not.toContain('<svg>');
    expect(body).toContain('--primary:#1d4ed8');
    expect(body).toContain('<meta name="theme-color" content="#1d4ed8" />');
    expect(body).toContain('<title>Blue &amp; Co: fine goods</title>');
    expect(body).toContain('Free shipping</div>');
    expect(body).toContain('<script type="application/json" id="site-data">');
    // Every other page carries the look too.
    expect((await suite.get('/products')).body).toContain('<span>Blue &amp; Co</span>');
  });

  it('draws the test-mode banner first, exactly as the app draws it, while payments are simulated', async () => {
    // The test app runs the local provider: its payments are simulated.
    const banner = renderToStaticMarkup(createElement(TestPaymentsBanner));
    expect(testPaymentsHtml({ test_payments: true })).toBe(banner);
    expect((await suite.get('/')).body).toContain(`<div>${banner}`);
    expect((await suite.get('/products')).body).toContain(`<div>${banner}`);
    expect(testPaymentsHtml({ test_payments: false })).toBe('');
  });
});
