import {
  OrganisationsResponse,
  ProcessorEventsResponse,
  ProcessorTaskResponse,
  ProcessorTasksResponse,
  RerunResponse,
  SuccessOnly,
  TaskLogDetailResponse,
  TaskLogsResponse,
  TemplatesResponse,
  type UpdateTaskRequest,
} from '@vireo/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api';
import { useSubmitMutation } from '../../lib/useSubmitMutation';

export const PROCESSOR_KEY = ['processor'] as const;

export function useTasks() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'tasks'], queryFn: ({ signal }) => apiRequest('/api/processor/task', { schema: ProcessorTasksResponse, signal }).then((r) => r.tasks) });
}

export function useTask(id: string) {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'task', id], queryFn: ({ signal }) => apiRequest(`/api/processor/task/${id}`, { schema: ProcessorTaskResponse, signal }).then((r) => r.task) });
}

export function useOrganisations() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'organisations'], queryFn: ({ signal }) => apiRequest('/api/processor/organisation', { schema: OrganisationsResponse, signal }).then((r) => r.organisations) });
}

export function useEvents() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'events'], queryFn: ({ signal }) => apiRequest('/api/commerce/v1/processor/event', { schema: ProcessorEventsResponse, signal }).then((r) => r.events) });
}

export function useTemplates() {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'templates'], queryFn: ({ signal }) => apiRequest('/api/processor/templates', { schema: TemplatesResponse, signal }).then((r) => r.templates) });
}

export function useLogs(taskId: string) {
  return useQuery({ queryKey: [...PROCESSOR_KEY, 'logs', taskId], queryFn: ({ signal }) => apiRequest(`/api/processor/task/${taskId}/log`, { schema: TaskLogsResponse, signal }).then((r) => r.logs) });
}

export function useLogDetail(taskId: string, logId: string) {
  return useQuery({
    queryKey: [...PROCESSOR_KEY, 'log', taskId, logId],
    queryFn: ({ signal }) => apiRequest(`/api/processor/task/${taskId}/log/${logId}`, { schema: TaskLogDetailResponse, signal }).then((r) => r.log),
    retry: false,
  });
}

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (body: { event: string; organisation_id: string }) => apiRequest('/api/processor/task', { method: 'POST', body, schema: ProcessorTaskResponse }).then((r) => r.task),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTaskRequest }) => apiRequest(`/api/processor/task/${id}`, { method: 'PUT', body, schema: ProcessorTaskResponse }).then((r) => r.task),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (id: string) => apiRequest(`/api/processor/task/${id}`, { method: 'DELETE', schema: SuccessOnly }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROCESSOR_KEY }),
  });
}

export function useRerun(taskId: string) {
  const queryClient = useQueryClient();
  return useSubmitMutation({
    mutationFn: (logId: string) => apiRequest(`/api/processor/task/${taskId}/log/${logId}/rerun`, { method: 'POST', body: {}, schema: RerunResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...PROCESSOR_KEY, 'logs', taskId] }),
  });
}
