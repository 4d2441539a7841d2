/** A credential's or a proof's attributes, name beside value. */
export function AttributeTable({ attributes }: { attributes: readonly { name: string; value: string }[] }) {
  return (
    <table className="data-table compact">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Value</th>
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
