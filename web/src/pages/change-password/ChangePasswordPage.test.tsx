import { fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage } from '../../account/test-render.tsx'
import { ChangePasswordPage, PASSWORD_CHANGED } from './ChangePasswordPage.tsx'

const TOKEN = 'cmVzZXQtdG9rZW4tZm9yLXRoZS10ZXN0LW9ubHlfXy0tYWI'
const input = (label: string) => screen.getByLabelText(label, { selector: 'input' }) as HTMLInputElement
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } })

describe('the change password form', () => {
  afterEach(() => {
    vi.restoreAllMocks()
    sessionStorage.clear()
  })

  it('sends a visitor without a token to /overview', async () => {
    const { router } = renderPage('/change-password', ChangePasswordPage, '/change-password')
    await screen.findByText('elsewhere')
    expect(router.state.location.pathname).toBe('/overview')
  })

  it('takes the token out of the address and checks both fields before sending', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const { router } = renderPage('/change-password', ChangePasswordPage, `/change-password#token=${TOKEN}`)
    await waitFor(() => expect(router.state.location.hash).toBe(''))

    type('New Password', 'short')
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    // Both fields are short: the empty confirmation too.
    expect(screen.getAllByText('Password needs to be longer')).toHaveLength(2)
    expect(fetchSpy).not.toHaveBeenCalled()

    type('New Password', 'long enough')
    type('Confirm Password', 'long enougH')
    expect(screen.getByText('Password does not match')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it('clears the fields after an attempt its own checks stopped, keeping the reason until the next keystroke', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    renderPage('/change-password', ChangePasswordPage, `/change-password#token=${TOKEN}`)

    type('New Password', 'long enough')
    type('Confirm Password', 'long enougH')
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(input('New Password').value).toBe('')
    expect(input('Confirm Password').value).toBe('')
    // Over the cleared fields the message of the attempt stays, and New Password has the focus again.
    expect(screen.getByText('Password does not match')).toBeTruthy()
    expect(input('Confirm Password').getAttribute('aria-invalid')).toBe('true')
    expect(document.activeElement).toBe(input('New Password'))

    type('New Password', 'short')
    expect(screen.queryByText('Password does not match')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(input('New Password').value).toBe('')
    expect(screen.getAllByText('Password needs to be longer')).toHaveLength(2)
    expect(fetchSpy).not.toHaveBeenCalled()

    // A valid pair after that goes out.
    fetchSpy.mockResolvedValue(Response.json({ ok: true }, { status: 200 }))
    type('New Password', 'long enough')
    type('Confirm Password', 'long enough')
    expect(screen.queryByText('Password needs to be longer')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    await screen.findByRole('heading', { name: PASSWORD_CHANGED })
    expect(fetchSpy).toHaveBeenCalledTimes(1)
  })

  it('sends the token and the new password, clears the fields and confirms', async () => {
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(Response.json({ ok: true }, { status: 200 }))
    renderPage('/change-password', ChangePasswordPage, `/change-password#token=${TOKEN}`)
    type('New Password', 'long enough')
    type('Confirm Password', 'long enough')
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))

    await screen.findByRole('heading', { name: PASSWORD_CHANGED })
    expect(screen.getByRole('link', { name: 'Continue' }).getAttribute('href')).toBe('/sign-in')
    const [path, init] = fetchSpy.mock.calls[0]!
    expect(path).toBe('/api/auth/password/change')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, password: 'long enough' })
    // The token is spent: the session no longer holds it.
    expect(sessionStorage.length).toBe(0)
  })

  it('clears the fields after a refused attempt and stays on the form', async () => {
    vi.spyOn(globalThis, 'fetch').mockResolvedValue(
      Response.json({ error: { code: 'invalid_token', message: 'gone' } }, { status: 400 }),
    )
    renderPage('/change-password', ChangePasswordPage, `/change-password#token=${TOKEN}`)
    type('New Password', 'long enough')
    type('Confirm Password', 'long enough')
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }))
    await waitFor(() => expect(input('New Password').value).toBe(''))
    expect(input('Confirm Password').value).toBe('')
    expect(screen.queryByRole('heading', { name: PASSWORD_CHANGED })).toBeNull()
  })
})
