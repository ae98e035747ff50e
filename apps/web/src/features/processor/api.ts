import {
  type LabConnectionRequest,
  type LabConnectionResponse,
  type LabConnectionsResponse,
  type OrganisationsResponse,
  type ProcessorEventsResponse,
  type ProcessorTaskResponse,
  type ProcessorTasksResponse,
  type RerunResponse,
  type SuccessOnly,
  type TaskLogDetailResponse,
  type TaskLogsResponse,
  type TemplateRequest,
  type TemplateResponse,
  type TemplatesResponse,
  type TestRunRequest,
  type TestRunResponse,
  type UpdateTaskRequest,
} from '@vireo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

export const PROCESSOR_KEY = ['processor'] as const;

export function useTasks() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'tasks'], queryFn: ({ signal }) => apiRequest<typeof ProcessorTasksResponse>('/api/processor/task', { signal }).then((r) => r.tasks) });
}

export function useTask(id: string) {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'task', id], queryFn: ({ signal }) => apiRequest<typeof ProcessorTaskResponse>(`/api/processor/task/${id}`, { signal }).then((r) => r.task) });
}

export function useOrganisations() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'organisations'], queryFn: ({ signal }) => apiRequest<typeof OrganisationsResponse>('/api/processor/organisation', { signal }).then((r) => r.organisations) });
}

export function useEvents() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'events'], queryFn: ({ signal }) => apiRequest<typeof ProcessorEventsResponse>('/api/commerce/v1/processor/event', { signal }).then((r) => r.events) });
}

export function useTemplates() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'templates'], queryFn: ({ signal }) => apiRequest<typeof TemplatesResponse>('/api/processor/templates', { signal }).then((r) => r.templates) });
}

/** While a run is queued or running (a rerun just asked for, say), its result is asked again this often. */
const UNFINISHED_RUN_POLL_MS = 2_000;

export function useLogs(taskId: string) {
  return useQuery({
    queryKey: [...PROCESSOR_KEY, 'logs', taskId],
    queryFn: ({ signal }) => apiRequest<typeof TaskLogsResponse>(`/api/processor/task/${taskId}/log`, { signal }).then((r) => r.logs),
    refetchInterval: (query) => (query.state.data?.some((log) => log.result === 'queued' || log.result === 'running') ? UNFINISHED_RUN_POLL_MS : false),
  });
}

export function useLogDetail(taskId: string, logId: string) {
  return useQuery({
    queryKey: [...PROCESSOR_KEY, 'log', taskId, logId],
    queryFn: ({ signal }) => apiRequest<typeof TaskLogDetailResponse>(`/api/processor/task/${taskId}/log/${logId}`, { signal }).then((r) => r.log),
    retry: false,
  });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { event: string; organisation_id: string }) => apiRequest<typeof ProcessorTaskResponse>('/api/processor/task', { method: 'POST', body }).then((r) => r.task),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTaskRequest }) => apiRequest<typeof ProcessorTaskResponse>(`/api/processor/task/${id}`, { method: 'PUT', body }).then((r) => r.task),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

/** The editor's test run: the graph on sample event data, nothing sent or written. */
export function useTestRun(taskId: string) {
  return useSubmitMutation({
    mutationFn: (body: TestRunRequest) => apiRequest<typeof TestRunResponse>(`/api/processor/task/${taskId}/test`, { method: 'POST', body }),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: string) => apiRequest<typeof SuccessOnly>(`/api/processor/task/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

export function useRerun(taskId: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ logId, fromNode }: { logId: string; fromNode: string | null }) =>
      apiRequest<typeof RerunResponse>(`/api/processor/task/${taskId}/log/${logId}/rerun`, { method: 'POST', body: fromNode ? { from_node: fromNode } : {} }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PROCESSOR_KEY, 'logs', taskId] }),
  });
}

export function useTemplate(id: string | null) {
  return useQuery({
    queryKey: [...PROCESSOR_KEY, 'template', id],
    queryFn: ({ signal }) => apiRequest<typeof TemplateResponse>(`/api/processor/templates/${id}`, { signal }).then((r) => r.template),
    enabled: id !== null,
  });
}

/** Creates a template, or changes the one with `id`. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, body }: { id: string | null; body: TemplateRequest }) =>
      apiRequest<typeof TemplateResponse>(id ? `/api/processor/templates/${id}` : '/api/processor/templates', { method: id ? 'PUT' : 'POST', body }).then((r) => r.template),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: string) => apiRequest<typeof SuccessOnly>(`/api/processor/templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

/** The lab connections of the organisations the caller runs (never their credentials); `enabled` false asks nothing yet. */
export function useLabConnections(enabled = true) {
  return useQuery({
    queryKey: [...PROCESSOR_KEY, 'lab-connections'],
    queryFn: ({ signal }) => apiRequest<typeof LabConnectionsResponse>('/api/processor/lab-connections', { signal }).then((r) => r.connections),
    enabled,
  });
}

/** Creates a lab connection, or changes the one with `id` (its credential kept unless a new one or `null` is sent). */
export function useSaveLabConnection() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, body }: { id: string | null; body: LabConnectionRequest }) =>
      apiRequest<typeof LabConnectionResponse>(id ? `/api/processor/lab-connections/${id}` : '/api/processor/lab-connections', { method: id ? 'PUT' : 'POST', body }).then((r) => r.connection),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PROCESSOR_KEY, 'lab-connections'] }),
  });
}

export function useDeleteLabConnection() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: string) => apiRequest<typeof SuccessOnly>(`/api/processor/lab-connections/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PROCESSOR_KEY, 'lab-connections'] }),
  });
}
