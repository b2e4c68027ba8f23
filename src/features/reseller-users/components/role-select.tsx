import { Select } from '@mantine/core';
import { assignableRoles, roleNames, type ResellerRole } from '../../../domain/api/reseller-users';

interface RoleSelectProps {
  actorRole: ResellerRole;
  value: string;
  onChange: (value: string) => void;
}

/** The roles this manager may give; a sub-admin can only create users, so the field is hidden. */
export function RoleSelect({ actorRole, value, onChange }: RoleSelectProps) {
  const roles = assignableRoles(actorRole);
  if (roles.length < 2) return null;
  return (
    <Select
      label="Role"
      data={roles.map((role) => ({ value: role, label: roleNames[role] }))}
      value={value}
      onChange={(next) => {
        if (next) onChange(next);
      }}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
