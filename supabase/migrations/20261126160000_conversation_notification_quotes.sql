-- A message's words in its notifications (and so in the e-mails) are quoted as the writer's, the
-- way uploads and leads are (20261126130000): «…» in Spanish, “…” in English, one line, no
-- invisible or direction characters, no quote marks that could close the quote, length-capped;
-- the writer's name is cleaned the same way. The rest of the function is unchanged.
create or replace function public.notify_conversation_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
  author_name text;
  readers uuid[];
  mentioned uuid[];
begin
  if new.deleted_at is not null then
    return null;
  end if;
  select * into project from public.projects where id = new.project_id;
  select private.client_text(coalesce(nullif(p.full_name, ''), p.email, ''), 80) into author_name
    from public.profiles p where p.id = new.author_id;
  readers := public.staff_ids()
    || case when new.is_internal or not project.visible_to_client then '{}'::uuid[]
       else public.organization_client_ids(project.organization_id) end;
  mentioned := array(select m from unnest(new.mentions) m where m = any(readers));

  if tg_op = 'INSERT' then
    perform public.notify(
      array(select r from unnest(readers) r where not (r = any(mentioned))),
      'conversation_message', 'conversation-message:' || new.id,
      project.organization_id, project.id, 'conversation_message', new.id,
      case when new.is_internal then 'Nueva nota interna' else 'Nuevo mensaje en la conversación' end,
      case when new.is_internal then 'New internal note' else 'New message in the conversation' end,
      format('%s ha escrito en el proyecto %s: %s', author_name, project.name, private.client_quote(new.body, 300, 'es')),
      format('%s wrote in the project %s: %s', author_name, project.name, private.client_quote(new.body, 300, 'en')),
      jsonb_build_object('message_id', new.id, 'project_id', project.id, 'is_internal', new.is_internal)
    );
  end if;
  if cardinality(mentioned) > 0 then
    perform public.notify(
      mentioned, 'conversation_mention', 'conversation-mention:' || new.id,
      project.organization_id, project.id, 'conversation_message', new.id,
      'Le han mencionado en la conversación', 'You were mentioned in the conversation',
      format('%s le ha mencionado en el proyecto %s: %s', author_name, project.name, private.client_quote(new.body, 300, 'es')),
      format('%s mentioned you in the project %s: %s', author_name, project.name, private.client_quote(new.body, 300, 'en')),
      jsonb_build_object('message_id', new.id, 'project_id', project.id, 'is_internal', new.is_internal)
    );
  end if;
  return null;
end;
$$;

