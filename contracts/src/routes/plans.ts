import {
  adminPlanSchema,
  adminPlansResponse,
  adminPlanUpdateRequest,
  myPlanLimitsResponse,
  planIdParams,
  planLimitsSchema,
  planSchema,
  plansListQuery,
  plansListResponse,
  subscriptionLevelsResponse,
} from '../api/plans.js'
import { defineRoutes } from './route.js'

/** The plans' routes (spec/accounts.md §7, spec/transfers.md §7). */
export const plansApi = defineRoutes('plans', {
  list: {
    method: 'GET',
    path: '/api/plans',
    access: 'public',
    query: plansListQuery,
    responses: { 200: plansListResponse },
  },
  myLimits: {
    method: 'GET',
    path: '/api/plans/limits',
    access: 'user',
    scope: 'transfers:read',
    summary: "The signed-in user's plan limits, beside the free and Pro plans' limits",
    responses: { 200: myPlanLimitsResponse },
  },
  get: {
    method: 'GET',
    path: '/api/plans/:id',
    access: 'public',
    params: planIdParams,
    responses: { 200: planSchema },
  },
  limitsOf: {
    method: 'GET',
    path: '/api/plans/:id/limits',
    access: 'public',
    params: planIdParams,
    responses: { 200: planLimitsSchema },
  },
  subscriptionLevels: {
    method: 'GET',
    path: '/api/subscription-levels',
    access: 'public',
    responses: { 200: subscriptionLevelsResponse },
  },
  adminList: {
    method: 'GET',
    path: '/api/admin/plans',
    access: 'admin',
    responses: { 200: adminPlansResponse },
  },
  adminUpdate: {
    method: 'PUT',
    path: '/api/admin/plans/:id',
    access: 'admin',
    summary:
      'Changes a plan (product.md §1: plans are data; every limit and feature check reads them). Money in euros.',
    params: planIdParams,
    body: adminPlanUpdateRequest,
    responses: { 200: adminPlanSchema },
  },
})
