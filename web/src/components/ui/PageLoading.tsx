import { useT } from '../../i18n/use-t';

/** What shows while a page or the session is being fetched. */
export function PageLoading() {
  const t = useT();
  return (
    <div className="page-loading" aria-busy="true">
      {t('common.loading')}
    </div>
  );
}
