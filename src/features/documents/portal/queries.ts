// The portal's read of a project's documents; row-level security decides which come back.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { projectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'

export const projectDocumentsQuery = (viewerId: string, projectId: string) =>
  queryOptions({
    queryKey: projectKeys.documents(viewerId, projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('documents')
          .select(
            'id, name, description, category, storage_path, mime_type, size_bytes, uploaded_by, version, created_at',
          )
          .eq('project_id', projectId)
          .order('created_at', { ascending: false }),
      ),
  })
