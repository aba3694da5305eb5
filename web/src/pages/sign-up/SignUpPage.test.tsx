import { fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPage, TEST_USER } from '../../account/test-render.tsx'
import { SIGN_UP_SUBTITLE, SIGN_UP_TITLE, SignUpPage } from './SignUpPage.tsx'

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } })

describe('the sign-up form', () => {
  afterEach(() => vi.restoreAllMocks())

  it('shows its title and subtitle', () => {
    renderPage('/sign-up', SignUpPage, '/sign-up')
    expect(screen.getByRole('heading', { name: SIGN_UP_TITLE })).toBeTruthy()
    expect(screen.getByText(SIGN_UP_SUBTITLE)).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/sign-in')
  })

  it('marks every broken rule on submit and sends nothing', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    renderPage('/sign-up', SignUpPage, '/sign-up')
    expect(screen.queryByText('Password needs to be longer')).toBeNull()
    type('Email', 'not-an-email')
    type('Password', 'short')
    type('Confirm Password', 'short')
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }))

    expect(screen.getByText('Invalid email')).toBeTruthy()
    expect(screen.getAllByText('Password needs to be longer')).toHaveLength(2)
    for (const label of ['First Name', 'Last Name', 'Email', 'Password', 'Confirm Password']) {
      expect(screen.getByLabelText(label, { selector: 'input' }).getAttribute('aria-invalid'), label).toBe(
        'true',
      )
    }
    expect(fetchSpy).not.toHaveBeenCalled()
  })

  it("says 'Password does not match' as soon as both passwords are filled and differ", () => {
    renderPage('/sign-up', SignUpPage, '/sign-up')
    type('Password', 'correct horse')
    expect(screen.queryByText('Password does not match')).toBeNull()
    type('Confirm Password', 'correct horsE')
    expect(screen.getByText('Password does not match')).toBeTruthy()
    type('Confirm Password', 'correct horse')
    expect(screen.queryByText('Password does not match')).toBeNull()
  })

  it('sends a signed-in user on to /overview', async () => {
    const { router } = renderPage('/sign-up', SignUpPage, '/sign-up', TEST_USER)
    await screen.findByText('elsewhere')
    expect(router.state.location.pathname).toBe('/overview')
  })
})
