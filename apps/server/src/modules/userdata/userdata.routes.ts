import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '@fastify/type-provider-zod';
import { z } from 'zod';
import {
  CreateRoleProfileRequest,
  HealthAssessmentInput,
  HelpMediaResponse,
  HistoryResponse,
  InvitationRequest,
  InvitationResponse,
  KitOrderRequest,
  KitOrderResponse,
  OnboardingState,
  OrdersQuery,
  OrdersResponse,
  OrganisationResponse,
  OrganisationSymptomHistoryResponse,
  RegistrationsResponse,
  RoleProfileResponse,
  SWAB_VIDEO_PATH,
  ShippingDetailsInput,
  ShippingDetailsResponse,
  SymptomResult,
  SymptomSubmission,
  TestResultsQuery,
  TestResultsResponse,
  UpdateRoleProfileRequest,
  text,
} from '@vireo/contracts';
import type { AppContext } from '../../app-context';
import { PUBLIC, SIGNED_IN, permission } from '../../platform/access';
import { callerOf, signedInCaller } from '../../platform/caller';
import { IdParams, withErrors } from '../../platform/schemas';
import {
  createRoleProfile,
  history,
  invite,
  onboarding,
  orders,
  organisation,
  organisationSymptomHistory,
  placeOrder,
  organisationRegistrations,
  renameRoleProfile,
  resultFile,
  results,
  roleProfile,
  saveShipping,
  submitAssessment,
  submitSymptoms,
} from './service';

/** Patients, and managers for their own (Personal tab) data. */
const PERSONAL = permission('health.own');

/**
 * The user-data service (spec 1 §7), mounted at /api/userdata. "Own" below means the caller's
 * personal role profile: their patient role's profile in the session's organisation (or, for a
 * manager without a patient role, the profile of the role they signed in with). Records the
 * caller may not reach answer 404.
 */
export async function userdataRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = ctx.userdata;

  r.post('/symptom', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Submit the symptom checker (patient, manager: own profile)',
      description:
        'Needs daily_check on the organisation (403 otherwise) and a completed onboarding (409 otherwise). contact_id is one id or a list (1 No Contact stands alone; default 1). The server decides the triage: RED with any main symptom, ORANGE with a close contact or a high-risk country, GREEN otherwise; symptomatic is derived, a value sent is ignored. Every submission is kept as symptom history; the same answers sent again within 10 s answer the first check without keeping another.',
      body: SymptomSubmission,
      response: withErrors({ 200: SymptomResult }),
    },
    handler: (request) => submitSymptoms(deps, signedInCaller(request), request.body),
  });

  r.get('/organisations/symptom_history', {
    config: { access: permission('results.read.organisation') },
    schema: {
      tags: ['userdata'],
      summary: 'Employee results of the manager’s organisation (manager)',
      description:
        'One row per employee (patient of the organisation): the latest symptom check (date and triage code; RED means symptomatic) and the latest test (sample date and result).',
      response: withErrors({ 200: OrganisationSymptomHistoryResponse }),
    },
    handler: async (request) => ({ success: true as const, symptom_history: await organisationSymptomHistory(deps, signedInCaller(request)) }),
  });

  r.get('/organisations/registrations', {
    config: { access: permission('employees.invite') },
    schema: {
      tags: ['userdata'],
      summary: 'Registrations (invited employees) of the manager’s organisation (manager)',
      response: withErrors({ 200: RegistrationsResponse }),
    },
    handler: async (request) => ({ success: true as const, registrations: await organisationRegistrations(deps, signedInCaller(request)) }),
  });

  r.post('/organisations/invitations', {
    config: { access: permission('employees.invite') },
    schema: {
      tags: ['userdata'],
      summary: 'Invite employees by e-mail (manager)',
      description:
        'Each address gets a pending registration and an e-mail with a link to create the account on /identity/register (valid 14 days). An address already invited is invited again with a new link; an address with an account is not invited (already_registered in this organisation, account_exists elsewhere).',
      body: InvitationRequest,
      response: withErrors({ 200: InvitationResponse }),
    },
    handler: async (request) => ({ success: true as const, invitations: await invite(deps, signedInCaller(request), request.body.emails) }),
  });

  r.get('/roles/history', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Own symptom and test history (patient, manager)',
      description: 'Dates and outcomes only: symptom checks (symptomatic, triage code) and test results (name, sample date, result).',
      response: withErrors({ 200: HistoryResponse }),
    },
    handler: (request) => history(deps, signedInCaller(request), null),
  });

  r.get('/roles/:id/history', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Symptom and test history of a role profile (own; a manager: also an employee of their organisation)',
      params: IdParams,
      response: withErrors({ 200: HistoryResponse }),
    },
    handler: (request) => history(deps, signedInCaller(request), request.params.id),
  });

  r.get('/roles', {
    config: { access: SIGNED_IN },
    schema: { tags: ['userdata'], summary: 'Own role profile with shipping details (any signed-in role)', response: withErrors({ 200: RoleProfileResponse }) },
    handler: async (request) => ({ success: true as const, role_profile: await roleProfile(deps, signedInCaller(request)) }),
  });

  r.post('/roles', {
    config: { access: SIGNED_IN },
    schema: {
      tags: ['userdata'],
      summary: 'Create the profile of a role that has none (own roles; a super admin: any role)',
      description: 'Roles normally get their profile when they are created; 409 "Unable to create role profile." when the role has one.',
      body: CreateRoleProfileRequest,
      response: withErrors({ 201: RoleProfileResponse }),
    },
    handler: async (request, reply) => {
      const profile = await createRoleProfile(deps, signedInCaller(request), request.body);
      return reply.status(201).send({ success: true as const, role_profile: profile });
    },
  });

  r.patch('/roles', {
    config: { access: SIGNED_IN },
    schema: { tags: ['userdata'], summary: 'Rename own role profile (any signed-in role)', body: UpdateRoleProfileRequest, response: withErrors({ 200: RoleProfileResponse }) },
    handler: async (request) => ({ success: true as const, role_profile: await renameRoleProfile(deps, signedInCaller(request), request.body.name) }),
  });

  r.post('/roles/shipping', {
    config: { access: SIGNED_IN },
    schema: {
      tags: ['userdata'],
      summary: 'Save own shipping details (any signed-in role)',
      description: 'Creates or replaces the shipping details. Onboarding completes (onboarding_complete true) once the profile has shipping details and a health assessment, whichever comes second; it never returns to false.',
      body: ShippingDetailsInput,
      response: withErrors({ 200: ShippingDetailsResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await saveShipping(deps, signedInCaller(request), request.body)) }),
  });

  r.post('/onboarding', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Submit the health assessment, once (patient, manager: own profile)',
      description:
        'health_conditions and family_health_conditions hold codes 1 to 7; "None of the above" is an empty list. A second submission answers 409. Answers the onboarding state; onboarding completes when shipping details exist too.',
      body: HealthAssessmentInput,
      response: withErrors({ 201: OnboardingState }),
    },
    handler: async (request, reply) => reply.status(201).send(await submitAssessment(deps, signedInCaller(request), request.body)),
  });

  r.get('/roles/onboarding', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Own onboarding state: onboarding_complete, shipping, the assessment and whether a kit order exists (patient, manager)',
      response: withErrors({ 200: OnboardingState }),
    },
    handler: (request) => onboarding(deps, signedInCaller(request)),
  });

  r.get('/roles/results', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Test results of own role profile (?id=own role profile id) with short-lived download links',
      description: 'file_url is a signed link valid for 5 minutes, for the caller only; any other id answers 404.',
      querystring: TestResultsQuery,
      response: withErrors({ 200: TestResultsResponse }),
    },
    handler: async (request) => ({ success: true as const, results: await results(deps, signedInCaller(request), request.query.id) }),
  });

  r.get('/results/:id/file', {
    config: { access: PUBLIC },
    schema: {
      tags: ['userdata'],
      summary: 'Download a result letter through a signed link from GET /roles/results',
      description: 'The link itself is the authorisation: it names one result and the user it was issued to, and expires after 5 minutes.',
      params: IdParams,
      querystring: z.object({ user: text().max(64), expires: z.coerce.number().int().positive(), signature: text().max(128) }),
    },
    handler: async (request, reply) => {
      const file = await resultFile(deps, callerOf(request), request.params.id, request.query);
      return reply
        .type('application/pdf')
        .header('Content-Disposition', `inline; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('Cache-Control', 'no-store, private')
        .send(file.data);
    },
  });

  r.get('/help/media', {
    config: { access: SIGNED_IN },
    schema: {
      tags: ['userdata'],
      summary: 'Where the help page’s swab-test video comes from (any signed-in role)',
      description: 'The file Vireo hosts (plays offline), or the https address set in SWAB_VIDEO_EMBED_URL, which the help page embeds.',
      response: withErrors({ 200: HelpMediaResponse }),
    },
    handler: () => ({
      success: true as const,
      swab_video: ctx.config.swabVideoEmbedUrl ? { kind: 'embed' as const, url: ctx.config.swabVideoEmbedUrl } : { kind: 'file' as const, url: SWAB_VIDEO_PATH },
    }),
  });

  r.get('/organisations', {
    config: { access: SIGNED_IN },
    schema: { tags: ['userdata'], summary: 'The organisation profile of the caller’s session (any signed-in role)', response: withErrors({ 200: OrganisationResponse }) },
    handler: async (request) => ({ success: true as const, organisation_profile: await organisation(deps, signedInCaller(request)) }),
  });

  r.post('/order', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Order a home test kit for own role profile (patient, manager)',
      description:
        'Needs order_kit on the organisation (403) and a completed onboarding (409). appointment_date is an instant on the chosen day (the web app sends 12:00 UTC); days 0 to 11 ahead in Europe/London are refused (8 working days), day 12 is the first accepted, at most a year ahead. One open order per profile (409); the same order sent again within 10 s answers the order it placed (201). A confirmation e-mail is recorded, and sent when SMTP is configured.',
      body: KitOrderRequest,
      response: withErrors({ 201: KitOrderResponse }),
    },
    handler: async (request, reply) => {
      const placed = await placeOrder(deps, signedInCaller(request), request.body);
      return reply.status(201).send({ success: true as const, ...placed });
    },
  });

  r.get('/orders', {
    config: { access: PERSONAL },
    schema: {
      tags: ['userdata'],
      summary: 'Own kit orders, newest first, 50 a page (patient, manager)',
      querystring: OrdersQuery,
      response: withErrors({ 200: OrdersResponse }),
    },
    handler: async (request) => ({ success: true as const, ...(await orders(deps, signedInCaller(request), request.query.page)) }),
  });
}
