-- The notification schedules, as Supabase Cron runs them (decision 0028): every minute a POST to
-- the send-notifications Edge Function with the service-role key, through pg_net, so the outbox's
-- e-mails (notifications, digests, leads, contact acknowledgements, approval reminders) go out on
-- Supabase too; and every 15 minutes public.send_approval_reminders (3 days, at most 3 reminders,
-- our server's defaults), which writes the reminder notifications that the outbox then e-mails.
--
-- The function's address and the key are read from Vault at each run, never written here. Set
-- them once per project (README, "Deploy"):
--   select vault.create_secret('https://<project-ref>.supabase.co', 'project_url');
--   select vault.create_secret('<the service-role key>', 'service_role_key');
-- Until then each run fails in cron.job_run_details, and nothing is lost: the outbox waits.
--
-- Where pg_cron, pg_net or Vault are missing or cannot be enabled (our embedded PGlite, a plain
-- PostgreSQL), nothing is scheduled and a notice says so: our server runs both itself on its own
-- timers (NOTIFICATION_MAIL_INTERVAL_MS, APPROVAL_REMINDER_INTERVAL_MS). Scheduling again under the
-- same name replaces a job, so this is safe to apply where the jobs already exist.

do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available here: the notification schedules are not created (our server runs them itself)';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
  exception when others then
    raise notice 'pg_cron could not be enabled here (%): the notification schedules are not created', sqlerrm;
    return;
  end;

  perform cron.schedule('approval-reminders', '*/15 * * * *',
    $job$ select public.send_approval_reminders(3, 3, 100) $job$);

  if to_regclass('vault.decrypted_secrets') is null then
    raise notice 'Vault is not available here: send-notifications is not scheduled (our server runs it itself)';
    return;
  end if;
  -- What the job calls: pg_net's function, enabling pg_net when it is not yet.
  if to_regprocedure('net.http_post(text, jsonb, jsonb, jsonb, integer)') is null then
    if not exists (select 1 from pg_available_extensions where name = 'pg_net') then
      raise notice 'pg_net is not available here: send-notifications is not scheduled (our server runs it itself)';
      return;
    end if;
    begin
      -- Where Supabase keeps extensions, when there is such a schema; net.* is pg_net's own either way.
      if to_regnamespace('extensions') is not null then
        create extension pg_net with schema extensions;
      else
        create extension pg_net;
      end if;
    exception when others then
      raise notice 'pg_net could not be enabled here (%): send-notifications is not scheduled', sqlerrm;
      return;
    end;
  end if;

  -- pg_net sends the request after the job's transaction commits and waits up to 150 s (a hosted
  -- function's wall clock) for the answer, which it keeps in net._http_response.
  perform cron.schedule('send-notifications', '* * * * *', $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
             || '/functions/v1/send-notifications',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')),
      body := '{}'::jsonb,
      timeout_milliseconds := 150000)
  $job$);
end
$migration$;
