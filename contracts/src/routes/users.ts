import { languageRequest, userSchema } from '../api/users.js'
import { defineRoutes } from './route.js'

/** The signed-in user's own account. */
export const usersApi = defineRoutes('users', {
  /** Sent by the web whenever the interface language differs from the stored one. */
  setLanguage: {
    method: 'PUT',
    path: '/api/users/me/language',
    access: 'user',
    beforeTwoFactor: true,
    description: 'Stores the interface language the user now uses: the emails they cause are written in it.',
    body: languageRequest,
    responses: { 200: userSchema },
  },
})
