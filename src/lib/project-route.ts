// The loaders of a project's pages, in both areas: the route files name the page's queries, these
// start them. An id in the URL that is no uuid starts none (the page answers "not found").
// They are called in a route's `loader:` property, so the router's code splitting still moves
// them and the queries they name into the page's own chunk.
import type { EnsureQueryDataOptions, FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query'
import { isUuid } from './query-utils'

/** What a project page's queries are built from: the project's id and who is looking. */
export interface ProjectPage {
  projectId: string
  viewer: { id: string; organization_id: string | null }
}

interface ProjectLoaderContext {
  context: { queryClient: QueryClient; profile: ProjectPage['viewer'] }
  params: { projectId: string }
}

// The page's lists: each may hold rows of its own type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = FetchQueryOptions<any, any, any, any>

const startAll = (queryClient: QueryClient, queries: readonly AnyQuery[]) => {
  for (const query of queries) void queryClient.prefetchQuery(query)
}

/**
 * Starts every list and waits until each has arrived or failed once. A page of several sections
 * then renders them together: one whose list arrives late cannot push down sections already on
 * screen (a layout shift that loses the reader's place on a phone). A list that failed is asked for
 * again by its section, which shows its own failure if it fails for good.
 */
const arriveTogether = (queryClient: QueryClient, queries: readonly AnyQuery[]) =>
  Promise.all(
    queries.map((query) =>
      queryClient.ensureQueryData({ ...query, retry: false, revalidateIfStale: true }).catch(() => undefined),
    ),
  )

/** A project sub-page's loader: starts its queries without waiting for them (the page suspends on them). */
export const prefetchProjectPage =
  (queries: (page: ProjectPage) => readonly AnyQuery[]) =>
  ({ context: { queryClient, profile }, params: { projectId } }: ProjectLoaderContext) => {
    if (isUuid(projectId)) startAll(queryClient, queries({ projectId, viewer: profile }))
  }

/**
 * The loader of a page named after its project ("Plan: Acme"): starts the page's lists, awaits the
 * project, and returns its name for the page's head (null: not found, or not the viewer's). With
 * `together`, it also waits for the lists (a page of several sections: see arriveTogether); else
 * the page suspends on them.
 */
export const loadNamedProject =
  <Project extends { name: string } | null, Key extends QueryKey>(
    project: (page: ProjectPage) => EnsureQueryDataOptions<Project, Error, Project, Key>,
    queries: (page: ProjectPage) => readonly AnyQuery[] = () => [],
    { together = false }: { together?: boolean } = {},
  ) =>
  async ({ context: { queryClient, profile }, params: { projectId } }: ProjectLoaderContext) => {
    const page = { projectId, viewer: profile }
    const lists = isUuid(projectId) ? queries(page) : []
    const listsArrived = together ? arriveTogether(queryClient, lists) : startAll(queryClient, lists)
    const found = await queryClient.ensureQueryData(project(page))
    await listsArrived
    return { name: found?.name ?? null }
  }
