import { useT } from '../../i18n/use-t';

/** A credential's or a proof's attributes, name beside value. */
export function AttributeTable({ attributes }: { attributes: readonly { name: string; value: string }[] }) {
  const t = useT();
  return (
    <table className="data-table compact">
      <thead>
        <tr>
          <th scope="col">{t('attributeTable.name')}</th>
          <th scope="col">{t('attributeTable.value')}</th>
        </tr>
      </thead>
      <tbody>
        {attributes.map((a) => (
          <tr key={a.name}>
            <td>{a.name}</td>
            <td>{a.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
