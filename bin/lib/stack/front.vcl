# The stack's full-page cache (bin/stack writes this file into .wp/stack/run/ with the @@...@@ values filled in):
# Varnish 7.1 in front of the nginx load balancer, with the policy hosts ship for WordPress. Why this shape, and
# what it proves: docs/stack.md.
#
# - Anonymous GET and HEAD requests are cached, keyed by URL and host only (Varnish's built-in vcl_hash): nothing
#   is varied on any cookie, `cookieyes-consent` included.
# - Requests that carry a logged-in, commenter, post-password or `wordpress_no_cache` cookie, the admin, the
#   login page, XML-RPC, cron and the REST API are passed to PHP, never cached.
# - The visitor's cookies are NOT removed: on a miss PHP receives them, and what it rendered for that first
#   visitor is stored and served to everyone after. That is what nginx's fastcgi_cache and proxy_cache do by
#   default, and the dangerous case a plugin must survive: a page that depends on a visitor's cookie leaks that
#   visitor's page to the others. (Varnish's built-in VCL would pass every request with a cookie instead, and the
#   usual WordPress VCLs strip the cookies, so PHP never sees them; both hide that defect.)
# - A response that sets a cookie, or says no-store / private / no-cache, is not stored (the built-in
#   vcl_backend_response); a response with no caching headers at all (WordPress's pages) is kept 10 minutes.
# - `BAN` (or `PURGE`) from this machine empties the cache: the stack's purge mu-plugin sends it when content or
#   settings change (bin/lib/stack/purge-mu-plugin.php).
# - Varnish appends the client's address to X-Forwarded-For itself; the load balancer passes it on to PHP.
vcl 4.1;

backend lb {
	.host = "127.0.0.1";
	.port = "@@LB_PORT@@";
	.first_byte_timeout = 300s;
	.between_bytes_timeout = 300s;
}

acl purgers {
	"127.0.0.1";
	"::1";
}

sub vcl_recv {
	if (req.method == "BAN" || req.method == "PURGE") {
		if (client.ip !~ purgers) {
			return (synth(405, "Not allowed"));
		}
		# Everything: a changed post, menu or setting can show on any page.
		ban("obj.status != 0");
		return (synth(200, "Banned"));
	}
	if (req.method != "GET" && req.method != "HEAD") {
		return (pass);
	}
	if (req.url ~ "^/(wp-admin/|wp-login\.php|xmlrpc\.php|wp-cron\.php|wp-json/)" || req.url ~ "[?&](preview=true|rest_route=)") {
		return (pass);
	}
	if (req.http.Cookie ~ "(wordpress_logged_in_|comment_author_|wp-postpass_|wordpress_no_cache)" || req.http.Authorization) {
		return (pass);
	}
	# Cached whatever other cookies the visitor carries, and with them still on the request (see above).
	return (hash);
}

sub vcl_backend_response {
	# WordPress sends no caching headers for a visitor's page: keep it as a host's cache would, until purged.
	if (!beresp.http.Cache-Control && !beresp.http.Expires && beresp.status == 200) {
		set beresp.ttl = @@TTL@@;
	}
}

sub vcl_deliver {
	if (obj.hits > 0) {
		set resp.http.X-Cache = "HIT";
	} elsif (obj.uncacheable) {
		set resp.http.X-Cache = "PASS";
	} else {
		set resp.http.X-Cache = "MISS";
	}
}
