vcl 4.1;
# Made from default.vcl by `node scripts/varnish-vcl.mjs compose` for compose.yaml: do not edit.
# Varnish in front of Cartwheel's web processes, as a CDN would be (docs/decisions/0036-shared-http-caching.md).
# The API says what may be kept: catalog reads and storefront pages come with
# `Cache-Control: public, max-age=0, s-maxage=300` (kept five minutes here), `CDN-Cache-Control: public,
# max-age=300, stale-while-revalidate=60` (the grace, for CDNs only) and a Surrogate-Key header of cache
# tags; everything else is `private, no-store` or `no-cache` and is never kept.
# A catalog change sends every instance in VARNISH_PURGE_URLS a PURGE with X-Purge-Tags, which bans
# every object whose Surrogate-Key holds one of the tags.

import directors;
import std;

# backends
backend web1 {
  .host = "web-a";
  .port = "3000";
}
backend web2 {
  .host = "web-b";
  .port = "3000";
}
sub vcl_init {
  new web = directors.round_robin();
  web.add_backend(web1);
  web.add_backend(web2);
}


# Who may purge: the web and worker processes (loopback here; compose.vcl lists its containers).
# purgers
acl purgers {
  ("web-a");
  ("web-b");
  ("worker");
}


sub vcl_recv {
  set req.backend_hint = web.backend();

  if (req.method == "PURGE") {
    if (client.ip !~ purgers) {
      return (synth(403, "Forbidden"));
    }
    # Tags are lower-case letters, digits and dashes (the API sends no other), so they are safe in a regex.
    if (req.http.X-Purge-Tags !~ "^[a-z0-9-]+( [a-z0-9-]+)*$") {
      return (synth(400, "X-Purge-Tags: cache tags separated by spaces"));
    }
    # On obj.* only, so the ban lurker clears matching objects in the background too.
    ban("obj.http.Surrogate-Key ~ (^|\s)(" + regsuball(req.http.X-Purge-Tags, " ", "|") + ")($|\s)");
    return (synth(200, "Purged"));
  }

  # The storefront's catalog reads and pages (the home page, the catalog, a category, a product, a
  # content page) are the same for every visitor: without the cookie, signed-in shoppers share them
  # too. Everything else keeps its cookie, and Varnish's built-in rules pass any request with a
  # Cookie or Authorization header straight to the web processes.
  # An unprefixed page for a visitor whose cookie or browser names another language is the origin's
  # redirect to that language (decision 0068): never answered from the cache.
  if ((req.method == "GET" || req.method == "HEAD") &&
      req.url ~ "^/(product/|pages/|categories/|products(\?|$)|(\?|$))" &&
      (req.http.Cookie ~ "(^|;\s*)cw_locale=(de|fr|es|ja)" ||
       (req.http.Cookie !~ "(^|;\s*)cw_locale=" && req.http.Accept-Language ~ "^\s*(de|fr|es|ja)\b") ||
       (req.http.Cookie !~ "(^|;\s*)cw_locale=" && !req.http.Accept-Language && req.http.CF-IPCountry ~ "^(DE|AT|CH|FR|BE|ES|MX|JP)$"))) {
    return (pass);
  }
  if ((req.method == "GET" || req.method == "HEAD") &&
      req.url ~ "^/(([a-z]{2}(-[a-z]{2})?/)?(product/|pages/|categories/|products(\?|$)|(\?|$))|api/(products|categories|brands|search|storefront/site|pages/))") {
    unset req.http.Cookie;
  }
}

sub vcl_backend_response {
  # The grace (serving a copy while it is fetched again) comes from CDN-Cache-Control, which browsers
  # never see, so a shopper's browser never shows a stale catalog.
  if (beresp.http.CDN-Cache-Control ~ "stale-while-revalidate=[0-9]+") {
    set beresp.grace = std.duration(
      regsub(beresp.http.CDN-Cache-Control, "^.*stale-while-revalidate=([0-9]+).*$", "\1s"), 0s);
  }
}

sub vcl_deliver {
  if (obj.hits > 0) {
    set resp.http.X-Cache = "HIT";
  } else {
    set resp.http.X-Cache = "MISS";
  }
  # The tags and the CDN's own Cache-Control are for this cache; browsers have no use for them.
  unset resp.http.CDN-Cache-Control;
  unset resp.http.Surrogate-Key;
  unset resp.http.Cache-Tag;
}
