-- Hand-written: the one cross-tenant read /select-tenant needs for someone waiting to join (issue 26). A request
-- that sets app.join_identity from the caller's session (set only in a transaction that sets no tenant, no identity
-- and no join code, see join.pending.ts) sees that person's own pending requests and the names of the companies
-- they asked to join, nothing else: no one else's requests, no links, no people.
CREATE POLICY join_request_own ON join_requests FOR SELECT
  USING (cognito_uuid = nullif(current_setting('app.join_identity', true), ''));
--> statement-breakpoint
CREATE POLICY join_request_company ON tenants FOR SELECT
  USING (tenant_uuid IN (SELECT r.tenant_uuid FROM join_requests r WHERE r.cognito_uuid = nullif(current_setting('app.join_identity', true), '')));
