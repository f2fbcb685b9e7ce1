import { zodResolver } from "@hookform/resolvers/zod";
import { useLogin } from "@refinedev/core";
import { Alert, Button, Card, Form, Input, Typography } from "antd";
import { useEffect, useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { Navigate, useLocation } from "react-router";
import { loginSchema, type LoginInput } from "../contract";
import { sessionStore } from "../providers";
import { PRODUCT_NAME } from "../components/layout/product";

/** Spec §2 "Sign in" and §5 messages. */
export default function SignInPage() {
  const { mutate: login, isPending } = useLogin<LoginInput>();
  const { control, handleSubmit, formState } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: "", password: "" },
  });
  const { errors } = formState;
  const { pathname, search } = useLocation();
  // Why the last session ended ("...after 30 minutes without activity"), said once on arrival.
  const [notice] = useState(() => sessionStore.endNotice());
  useEffect(() => sessionStore.forgetEndNotice(), []);

  // Refine's useLogin goes to a ?to= query rather than the auth provider's redirectTo, but the
  // landing after sign-in must always follow spec §6; so the query is dropped before anyone signs in.
  const query = new URLSearchParams(search);
  if (query.has("to")) {
    query.delete("to");
    return <Navigate replace to={{ pathname, search: query.toString() }} />;
  }

  return (
    <main style={{ minHeight: "100vh", display: "flex", alignItems: "center", justifyContent: "center", background: "#f0f2f5", padding: 16 }}>
      <Card style={{ width: "100%", maxWidth: 400 }}>
        <Typography.Paragraph strong style={{ textAlign: "center", fontSize: 16, marginBottom: 8 }} data-testid="product-name">
          {PRODUCT_NAME}
        </Typography.Paragraph>
        <Typography.Title level={1} style={{ marginTop: 0, marginBottom: 4, textAlign: "center", fontSize: 30 }}>
          Welcome Back!
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ textAlign: "center" }}>
          Sign in to continue
        </Typography.Paragraph>
        {notice && <Alert type="warning" showIcon role="alert" message={notice} style={{ marginBottom: 16 }} />}
        <Form layout="vertical" component="form" onFinish={handleSubmit((values) => login(values))} noValidate>
          <Form.Item
            label="Username"
            htmlFor="signin-username"
            validateStatus={errors.username ? "error" : undefined}
            help={errors.username?.message}
          >
            <Controller
              name="username"
              control={control}
              render={({ field }) => <Input {...field} id="signin-username" autoComplete="username" autoFocus />}
            />
          </Form.Item>
          <Form.Item
            label="Password"
            htmlFor="signin-password"
            validateStatus={errors.password ? "error" : undefined}
            help={errors.password?.message}
          >
            <Controller
              name="password"
              control={control}
              render={({ field }) => <Input.Password {...field} id="signin-password" autoComplete="current-password" />}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isPending}>
            Sign In
          </Button>
        </Form>
      </Card>
    </main>
  );
}
