import { loginBodySchema, type LoginBody } from '@credence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { LanguageMenu } from '../../i18n/LanguageMenu';
import { useT } from '../../i18n/use-t';
import { applyServerErrors } from '../../lib/form-errors';
import { loginFieldError, loginRefusal } from './login-words';
import { beginSession, homeFor, login, oidcLoginUrl, safeNext, sessionQueries } from './queries';

export function LoginPage() {
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const navigate = useNavigate();
  const t = useT();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueries.current());
  const methods = useQuery(sessionQueries.methods());
  const errorId = useId();
  const form = useForm<LoginBody>({ resolver: zodResolver(loginBodySchema), defaultValues: { username: '', password: '' } });
  const { register, handleSubmit, formState, setError, setFocus } = form;

  const mutation = useMutation({
    mutationFn: login,
    meta: { showsOwnErrors: true },
    onSuccess: (user) => {
      beginSession(queryClient, user);
      void navigate(next ?? homeFor(user.role), { replace: true });
    },
    onError: (error) => {
      applyServerErrors(error, setError);
      const refusal = loginRefusal(error, t);
      if (refusal) setError('root', { type: 'server', message: refusal });
      setFocus('password');
    },
  });

  // The form unless the console says it has no local users (an older console, or no answer: the form).
  const provider = methods.data?.oidc ?? null;
  const showForm = methods.isError || methods.data?.local === true;
  useEffect(() => {
    if (showForm) setFocus('username');
  }, [setFocus, showForm]);

  if (session.data) return <Navigate to={next ?? homeFor(session.data.role)} replace />;

  const rootError = formState.errors.root?.message;
  return (
    <main className="login-page" id="main">
      <div className="card login-card">
        <LanguageMenu signedIn={false} />
        <div className="brand brand-large" aria-hidden="true">
          <span className="brand-mark">✓</span> Credence
        </div>
        <h1>{t('login.title')}</h1>
        <p className="muted">{t('login.tagline')}</p>
        {params.get('expired') && !rootError && (
          <p className="notice" role="status">
            {t('login.sessionEnded')}
          </p>
        )}
        {methods.isPending && (
          <p className="muted" aria-busy="true">
            {t('login.loading')}
          </p>
        )}
        {provider && (
          <>
            {/* A navigation, not a fetch: the BFF sends the browser on to the provider's login page. */}
            <a className="button primary login-provider" href={oidcLoginUrl(next)}>
              {t('login.provider.button', { provider: provider.name })}
            </a>
            <p className="muted login-hint">{t('login.provider.hint', { provider: provider.name })}</p>
          </>
        )}
        {provider && showForm && (
          <p className="login-divider">
            <span>{t('login.divider')}</span>
          </p>
        )}
        {showForm && localLoginForm()}
      </div>
    </main>
  );

  // A function called while rendering (not a component), so the inputs keep their identity and focus.
  function localLoginForm() {
    return (
      <form className="login-form" onSubmit={handleSubmit((values) => mutation.mutate(values))} noValidate aria-describedby={rootError ? errorId : undefined}>
        {rootError && (
          <p className="form-error" role="alert" id={errorId}>
            {rootError}
          </p>
        )}
        <div className="field">
          <label htmlFor="username">{t('login.username')}</label>
          <input id="username" autoComplete="username" aria-invalid={!!formState.errors.username} aria-describedby="username-error" {...register('username')} />
          {formState.errors.username && (
            <p className="field-error" id="username-error">
              {loginFieldError('username', formState.errors.username, t)}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="password">{t('login.password')}</label>
          <input
            id="password"
            type="password"
            autoComplete="current-password"
            aria-invalid={!!formState.errors.password}
            aria-describedby="password-error"
            {...register('password')}
          />
          {formState.errors.password && (
            <p className="field-error" id="password-error">
              {loginFieldError('password', formState.errors.password, t)}
            </p>
          )}
        </div>
        <button type="submit" className={provider ? 'button' : 'button primary'} disabled={mutation.isPending}>
          {mutation.isPending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
    );
  }
}
