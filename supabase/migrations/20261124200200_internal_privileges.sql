-- What the API roles must not reach even where a Supabase project's default privileges grant it
-- (every function, sequence and table created in `public` is granted to anon, authenticated and
-- service_role there). The earlier migrations revoked these from anon and authenticated only.
--
-- The activity log's id sequence: nobody may move it (setval) or draw from it; the log is written
-- only by its security-definer trigger, as the table's owner.
revoke all on sequence public.activity_log_id_seq from public, anon, authenticated, service_role;

-- Notifications are created only by the triggers: not even the service role calls notify() or
-- the recipient lists it uses directly.
revoke execute on function public.notify(uuid[], text, text, uuid, uuid, text, uuid, text, text, text, text, jsonb),
  public.organization_client_ids(uuid), public.staff_ids() from service_role;

-- Trigger functions are never called by a client.
revoke execute on function
  public.activity_log_append_only(), public.contact_messages_guard_update(), public.contact_messages_rate_limit(),
  public.documents_check_storage_path(), public.documents_client_write_limits(), public.handle_new_user(),
  public.log_activity(), public.log_profile_change(), public.notify_contact_message(), public.notify_document(),
  public.notify_report(), public.notify_task(), public.profiles_guard_protected_columns(),
  public.projects_stamp_archived_at(), public.reports_set_published_at(), public.set_updated_at(),
  public.sync_profile_email(), public.tasks_check_assignee(), public.tasks_guard_client_update(),
  public.tasks_set_completed_at()
  from public, anon, authenticated, service_role;
