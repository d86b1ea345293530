import { enhancePasswordToggles } from './features/auth/static/form-dom';
import { enhanceLoginForm } from './features/auth/static/login-form';
import { enhanceSignUpForm } from './features/auth/static/sign-up-form';
import './auth.css';

// Issue 31 (decision 044): the login and sign-up pages come as finished HTML (auth.html, rendered
// by the server like the public pages). This entry, a few KB without React, makes their form work
// as soon as it has run: it reads what the visitor typed from the inputs themselves, so nothing
// typed before it ran is lost.
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-auth-form]')) {
  if (form.dataset.authForm === 'login') enhanceLoginForm(form);
  if (form.dataset.authForm === 'sign-up') enhanceSignUpForm(form);
}
enhancePasswordToggles(document);
