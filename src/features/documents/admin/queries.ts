// The staff's reads of a project's documents: the list, and who downloaded each one and when.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminProjectKeys } from '@/lib/query-keys'
import { unwrap, unwrapList, loadedWithRouteMs } from '@/lib/query-utils'

export const adminDocumentsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.documents(projectId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('documents')
          .select(
            'id, project_id, name, description, category, storage_path, mime_type, size_bytes, visible_to_client, uploaded_by, version, created_at, updated_at',
          )
          .eq('project_id', projectId)
          .order('created_at', { ascending: false }),
      ),
  })

export interface DocumentDownload {
  document_id: string
  /** The document's version whose file was downloaded (a replaced file keeps its records). */
  version: number
  reader_id: string
  reader_name: string | null
  reader_email: string | null
  downloaded_at: string
}

/** Who downloaded the project's documents and when, newest first (recorded when a link is asked for). */
export const documentDownloadsQuery = (projectId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.downloads(projectId),
    // The documents route's loader asks for it beside the list, which reads that answer.
    staleTime: loadedWithRouteMs,
    queryFn: async () =>
      unwrap(
        await supabase.rpc('project_document_downloads', { p_project_id: projectId }),
      ) as unknown as DocumentDownload[],
  })

export type AdminDocument = Awaited<ReturnType<NonNullable<ReturnType<typeof adminDocumentsQuery>['queryFn']>>>[number]
