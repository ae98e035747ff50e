import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  CreateTaskRequest,
  LabConnectionRequest,
  LabConnectionResponse,
  LabConnectionsResponse,
  OrganisationsResponse,
  ProcessorTaskResponse,
  ProcessorTasksResponse,
  RerunRequest,
  RerunResponse,
  SuccessOnly,
  TaskLogDetailResponse,
  TaskLogsResponse,
  TemplateRequest,
  TemplateResponse,
  TemplatesResponse,
  TestRunRequest,
  TestRunResponse,
  UpdateTaskRequest,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { permission } from '../../platform/access';
import { signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import { createLabConnection, deleteLabConnection, listLabConnections, updateLabConnection } from './lab-connections';
import { createTask, createTemplate, deleteTask, deleteTemplate, getTask, getTemplate, updateTemplate, listLogs, listTasks, listTemplates, managedOrganisations, readLog, rerun, testRun, updateTask } from './service';

const tags = ['processor'];
const LogParams = z.object({ id: z.uuid(), logId: z.uuid() });

/**
 * The processor service (spec 3 §7.2), mounted at /api/processor: tasks and their graphs, their
 * run logs and reruns, the organisations a super admin runs tasks for, and the e-mail templates.
 */
export async function processorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const access = permission('processor.manage');
  const deps = ctx.processor;

  r.get('/task', {
    config: { access },
    schema: { tags, summary: 'The tasks of the organisations the caller runs', response: withErrors({ 200: ProcessorTasksResponse }) },
    handler: async (request) => ({ success: true as const, tasks: await listTasks(deps, signedInCaller(request)) }),
  });

  r.post('/task', {
    config: { access },
    schema: { tags, summary: 'A new task for an event of an organisation (disabled, its graph the event start node)', body: CreateTaskRequest, response: withErrors({ 201: ProcessorTaskResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, task: await createTask(deps, signedInCaller(request), request.body) }),
  });

  r.get('/task/:id', {
    config: { access },
    schema: { tags, summary: 'One task with its current graph (credentials never answered)', params: IdParams, response: withErrors({ 200: ProcessorTaskResponse }) },
    handler: async (request) => ({ success: true as const, task: await getTask(deps, signedInCaller(request), request.params.id) }),
  });

  r.put('/task/:id', {
    config: { access },
    schema: {
      tags,
      summary: 'Saves description, comments, enabled and, validated first, the graph as a new version (400 with the reason per node)',
      params: IdParams,
      body: UpdateTaskRequest,
      response: withErrors({ 200: ProcessorTaskResponse }),
    },
    handler: async (request) => ({ success: true as const, task: await updateTask(deps, signedInCaller(request), request.params.id, request.body) }),
  });

  r.post('/task/:id/test', {
    config: { access },
    schema: {
      tags,
      summary: 'Runs the given (unsaved) or the saved graph once on sample event data, sending and writing nothing; answers each node’s input and output',
      params: IdParams,
      body: TestRunRequest,
      response: withErrors({ 200: TestRunResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await testRun(deps, signedInCaller(request), request.params.id, request.body)) }),
  });

  r.delete('/task/:id', {
    config: { access },
    schema: { tags, summary: 'Deletes a task with its versions and runs', params: IdParams, response: withErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await deleteTask(deps, signedInCaller(request), request.params.id);
      return { success: true as const };
    },
  });

  r.get('/organisation', {
    config: { access },
    schema: { tags, summary: 'The organisations the caller runs tasks for (where they are a super admin)', response: withErrors({ 200: OrganisationsResponse }) },
    handler: async (request) => ({ success: true as const, organisations: await managedOrganisations(ctx.database.db, signedInCaller(request)) }),
  });

  r.get('/task/:id/log', {
    config: { access },
    schema: { tags, summary: 'The task’s runs, newest first', params: IdParams, response: withErrors({ 200: TaskLogsResponse }) },
    handler: async (request) => ({ success: true as const, logs: await listLogs(deps, signedInCaller(request), request.params.id) }),
  });

  r.get('/task/:id/log/:logId', {
    config: { access },
    schema: { tags, summary: 'One run: init_data, each node’s input, output and error, its log entries (audited)', params: LogParams, response: withErrors({ 200: TaskLogDetailResponse }) },
    handler: async (request) => ({ success: true as const, log: await readLog(deps, signedInCaller(request), request.params.id, request.params.logId) }),
  });

  r.post('/task/:id/log/:logId/rerun', {
    config: { access },
    schema: {
      tags,
      summary: 'Runs the run’s init_data again on the current graph, whole or from a node (reusing the stored outputs before it)',
      params: LogParams,
      body: RerunRequest,
      response: withErrors({ 202: RerunResponse }),
    },
    handler: async (request, reply) => reply.status(202).send({ success: true as const, log_id: await rerun(deps, signedInCaller(request), request.params.id, request.params.logId, request.body.from_node) }),
  });

  r.get('/templates', {
    config: { access },
    schema: { tags, summary: 'The e-mail templates (id, name)', response: withErrors({ 200: TemplatesResponse }) },
    handler: async () => ({ success: true as const, templates: await listTemplates(deps) }),
  });

  r.post('/templates', {
    config: { access },
    schema: { tags, summary: 'A new e-mail template: subject and body with {{placeholders}}, English and German', body: TemplateRequest, response: withErrors({ 201: TemplateResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, template: await createTemplate(deps, signedInCaller(request), request.body) }),
  });

  r.get('/templates/:id', {
    config: { access },
    schema: { tags, summary: 'One e-mail template with its subjects and bodies', params: IdParams, response: withErrors({ 200: TemplateResponse }) },
    handler: async (request) => ({ success: true as const, template: await getTemplate(deps, request.params.id) }),
  });

  r.put('/templates/:id', {
    config: { access },
    schema: { tags, summary: 'Changes an e-mail template', params: IdParams, body: TemplateRequest, response: withErrors({ 200: TemplateResponse }) },
    handler: async (request) => ({ success: true as const, template: await updateTemplate(deps, signedInCaller(request), request.params.id, request.body) }),
  });

  r.delete('/templates/:id', {
    config: { access },
    schema: { tags, summary: 'Deletes an e-mail template no task uses (409 when one does)', params: IdParams, response: withErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await deleteTemplate(deps, signedInCaller(request), request.params.id);
      return { success: true as const };
    },
  });

  r.get('/lab-connections', {
    config: { access },
    schema: { tags, summary: 'The lab connections of the organisations the caller runs tasks for (never their credentials)', response: withErrors({ 200: LabConnectionsResponse }) },
    handler: async (request) => ({ success: true as const, connections: await listLabConnections(deps, signedInCaller(request)) }),
  });

  r.post('/lab-connections', {
    config: { access },
    schema: { tags, summary: 'A new lab connection (base URL, credential sealed at rest) for the lab-order node', body: LabConnectionRequest, response: withErrors({ 201: LabConnectionResponse }) },
    handler: async (request, reply) => reply.status(201).send({ success: true as const, connection: await createLabConnection(deps, signedInCaller(request), request.body) }),
  });

  r.put('/lab-connections/:id', {
    config: { access },
    schema: { tags, summary: 'Changes a lab connection; without a credential it keeps its own, with `credential: null` it has none', params: IdParams, body: LabConnectionRequest, response: withErrors({ 200: LabConnectionResponse }) },
    handler: async (request) => ({ success: true as const, connection: await updateLabConnection(deps, signedInCaller(request), request.params.id, request.body) }),
  });

  r.delete('/lab-connections/:id', {
    config: { access },
    schema: { tags, summary: 'Deletes a lab connection', params: IdParams, response: withErrors({ 200: SuccessOnly }) },
    handler: async (request) => {
      await deleteLabConnection(deps, signedInCaller(request), request.params.id);
      return { success: true as const };
    },
  });
}
