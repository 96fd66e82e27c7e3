-- The one-time token kinds hosted Supabase stores (its one_time_token_type enum), so a
-- reauthentication code and e-mail-change tokens have a place; and the time the last
-- reauthentication code was sent, for GoTrue's per-user resend interval. A separate file so that
-- databases bootstrapped before it get it too.
alter table auth.one_time_tokens drop constraint if exists one_time_tokens_token_type_check;
alter table auth.one_time_tokens add constraint one_time_tokens_token_type_check check (
  token_type in ('confirmation_token', 'reauthentication_token', 'recovery_token', 'email_change_token_new',
                 'email_change_token_current', 'phone_change_token', 'invite_token')
);
alter table auth.users add column if not exists reauthentication_sent_at timestamptz;
