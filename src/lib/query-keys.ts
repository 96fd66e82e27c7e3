// Query keys that writes in several concepts refresh, so they belong to none of them (decision
// 0029): the staff overview's figures change when a lead, an organization, an account or a
// project does; a write to anything in a project refreshes that project's lists (its activity
// too), whichever concept's list it is.
export const adminKeys = {
  overview: () => ['admin', 'overview'] as const,
}

/**
 * The staff's project pages. Every key starts with ['admin', 'projects'], so a write can refresh
 * one project's data (`project(id)`) or all of it; each concept's list of a project is one key.
 */
export const adminProjectKeys = {
  all: () => ['admin', 'projects'] as const,
  organizations: () => ['admin', 'projects', 'organizations'] as const,
  list: (filters: object) => ['admin', 'projects', 'list', filters] as const,
  project: (id: string) => ['admin', 'projects', 'detail', id] as const,
  detail: (id: string) => ['admin', 'projects', 'detail', id, 'project'] as const,
  documents: (id: string) => ['admin', 'projects', 'detail', id, 'documents'] as const,
  downloads: (id: string) => ['admin', 'projects', 'detail', id, 'downloads'] as const,
  reports: (id: string) => ['admin', 'projects', 'detail', id, 'reports'] as const,
  metrics: (id: string) => ['admin', 'projects', 'detail', id, 'metrics'] as const,
  tasks: (id: string) => ['admin', 'projects', 'detail', id, 'tasks'] as const,
  activity: (id: string) => ['admin', 'projects', 'detail', id, 'activity'] as const,
  people: (projectId: string) => ['admin', 'projects', 'people', projectId] as const,
  clients: (organizationId: string) => ['admin', 'projects', 'clients', organizationId] as const,
}

// The portal's reads of the projects and what is in them. Every key carries the viewer's user id:
// what row-level security returns depends on who asks, so one person's cached rows can never
// answer another person's query, even if the cache were not cleared on sign-out.
export const projectKeys = {
  all: (viewerId: string) => ['projects', viewerId] as const,
  list: (viewerId: string, organizationId: string | null) => ['projects', viewerId, 'list', organizationId] as const,
  detail: (viewerId: string, projectId: string) => ['projects', viewerId, 'detail', projectId] as const,
  allDocuments: (viewerId: string) => ['documents', viewerId] as const,
  documents: (viewerId: string, projectId: string) => ['documents', viewerId, projectId] as const,
  allReports: (viewerId: string) => ['reports', viewerId] as const,
  reports: (viewerId: string, projectId: string) => ['reports', viewerId, 'project', projectId] as const,
  latestReports: (viewerId: string, organizationId: string | null) =>
    ['reports', viewerId, 'latest', organizationId] as const,
  allMetrics: (viewerId: string) => ['metrics', viewerId] as const,
  metrics: (viewerId: string, projectId: string) => ['metrics', viewerId, projectId] as const,
  tasks: (viewerId: string) => ['tasks', viewerId] as const,
  projectTasks: (viewerId: string, projectId: string) => ['tasks', viewerId, 'project', projectId] as const,
  upcomingTasks: (viewerId: string, organizationId: string | null) =>
    ['tasks', viewerId, 'upcoming', organizationId] as const,
  allActivity: (viewerId: string) => ['activity', viewerId] as const,
  activity: (viewerId: string, projectId: string) => ['activity', viewerId, projectId] as const,
  latestNotifications: (userId: string) => ['notifications', userId, 'latest-unread'] as const,
}
